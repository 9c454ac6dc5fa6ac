import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../i18n/format.ts';
import classes from '../category-photos/category-photos.module.css';
import { PHOTOS_NS } from '../category-photos/photos-i18n.ts';
import { ResetIcon, ZoomInIcon, ZoomOutIcon } from './viewer-icons.tsx';

function ZoomButton({
  label,
  disabled,
  onClick,
  testId,
  children,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withinPortal={false}>
      <ActionIcon
        variant="subtle"
        color="gray"
        className={classes.zoomButton}
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
        data-testid={testId}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** The zoom controls under a photo viewer (the deep-zoom surface, DECISIONS §16): out, the level
 *  in percent, in, 1:1 where the viewer offers it, back to fit. `testId` prefixes each control's test id. */
export function ZoomBar({
  testId,
  percent,
  atMin,
  atMax,
  atFit = atMin,
  onZoomOut,
  onZoomIn,
  onOneToOne,
  onReset,
  ready = true,
}: {
  testId: string;
  /** false until the picture is shown: every control disabled */
  ready?: boolean;
  percent: number;
  atMin: boolean;
  atMax: boolean;
  /** the whole photo is shown as it first was (reset has nothing to do); by default the same as atMin */
  atFit?: boolean;
  onZoomOut: () => void;
  onZoomIn: () => void;
  /** absent: no 1:1 button */
  onOneToOne?: () => void;
  onReset: () => void;
}) {
  const { t } = useTranslation(PHOTOS_NS);
  const format = useFormatters();
  return (
    <Group className={classes.zoomBar} gap={4} wrap="nowrap">
      <ZoomButton label={t('zoomOut')} disabled={!ready || atMin} onClick={onZoomOut} testId={`${testId}-zoom-out`}>
        <ZoomOutIcon size={18} />
      </ZoomButton>
      <Text size="sm" fw={700} className={classes.zoomLevel} data-testid={`${testId}-zoom-level`}>
        {t('zoomLevel', { percent: format.number(percent) })}
      </Text>
      <ZoomButton label={t('zoomIn')} disabled={!ready || atMax} onClick={onZoomIn} testId={`${testId}-zoom-in`}>
        <ZoomInIcon size={18} />
      </ZoomButton>
      {onOneToOne && (
        <ZoomButton label={t('zoomActual')} disabled={!ready} onClick={onOneToOne} testId={`${testId}-one-to-one`}>
          <Text size="xs" fw={700} component="span">
            1:1
          </Text>
        </ZoomButton>
      )}
      <ZoomButton label={t('zoomReset')} disabled={!ready || atFit} onClick={onReset} testId={`${testId}-zoom-reset`}>
        <ResetIcon size={18} />
      </ZoomButton>
    </Group>
  );
}
