import { Group, type MantineColor, Text } from '@mantine/core';
import type { Photo } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../i18n/format.ts';
import { captureFacts, formatPosition } from './capture-facts.ts';
import './register-viewer-catalog.ts';
import classes from './capture-line.module.css';
import { CameraIcon, PinIcon } from './viewer-icons.tsx';

export interface CaptureLineProps {
  photo: Pick<Photo, 'taken_at' | 'gps'>;
  /** the turbine's coordinates text; the distance is left out when it is absent or unreadable */
  turbineCoordinates: string | null;
  /** the text colour (the viewers' bars are light, dark or over the picture) */
  c?: MantineColor;
  className?: string;
}

/** A viewer header's line about when and where the photo was taken (EXIF, read by the server at upload; issue 24
 *  item 22): the capture time, the GPS position and its distance from the turbine. Nothing when the file had neither.
 *  Each fact keeps its words together and the facts wrap as a whole, so a narrow header takes a second line instead of
 *  cutting them. */
export function CaptureLine({ photo, turbineCoordinates, c, className }: CaptureLineProps) {
  const { t } = useTranslation('viewer');
  const format = useFormatters();
  const facts = captureFacts(photo, turbineCoordinates);
  if (!facts.takenAt && !facts.position) return null;
  const letters = { north: t('capture.north'), south: t('capture.south'), east: t('capture.east'), west: t('capture.west') };
  return (
    <Group gap="2px 14px" wrap="wrap" className={className} data-testid="capture-line">
      {facts.takenAt && (
        <Text size="xs" c={c} className={classes.fact} data-testid="capture-taken">
          <CameraIcon size={14} className={classes.icon} />
          <time dateTime={facts.takenAt}>{t('capture.taken', { date: format.captureTime(facts.takenAt) })}</time>
        </Text>
      )}
      {facts.position && (
        <Text size="xs" c={c} className={classes.fact} data-testid="capture-position">
          <PinIcon size={14} className={classes.icon} />
          {t('capture.position', { position: formatPosition(facts.position, letters, format.number) })}
        </Text>
      )}
      {facts.fromTurbine !== null && (
        <Text size="xs" c={c} className={classes.fact} data-testid="capture-distance">
          {t('capture.fromTurbine', { distance: format.distance(facts.fromTurbine) })}
        </Text>
      )}
    </Group>
  );
}
