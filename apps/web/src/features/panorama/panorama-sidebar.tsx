import { NativeSelect, Stack, Text, UnstyledButton } from '@mantine/core';
import { BLADES, type Blade, type Photo, roomLabel } from '@windscope/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { photoDisplayName } from '../viewer-common/photo-order.ts';
import { PhotoThumbnail } from '../viewer-common/photo-thumbnail.tsx';
import classes from './panorama-page.module.css';

export interface PanoramaSidebarProps {
  heading: string;
  turbineName: string;
  turbineCode: string;
  blade: Blade;
  room: number;
  rooms: readonly number[];
  photos: readonly Photo[];
  /** false while the photos load or when they failed to: no count is shown then */
  loaded: boolean;
  selectedIndex: number;
  onBlade: (blade: Blade) => void;
  onRoom: (room: number) => void;
  onSelect: (index: number) => void;
}

/** Left panel: blade and room, and the room's photos with the selected one highlighted (spec §2). */
export function PanoramaSidebar(props: PanoramaSidebarProps) {
  const { heading, turbineName, turbineCode, blade, room, rooms, photos, loaded, selectedIndex, onBlade, onRoom, onSelect } = props;
  const { t } = useTranslation('panorama');
  const { t: tv } = useTranslation('viewer');
  const listRef = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new selection is the trigger; the DOM says where it is
  useEffect(() => {
    listRef.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [selectedIndex]);

  const roomText = (n: number) => (n <= 9 ? t('roomWithLabel', { room: n, label: roomLabel(n) }) : roomLabel(n, tv('room')));

  return (
    <Stack gap="md" className={classes.sidebarInner}>
      <div>
        <Text component="h2" fw={700} size="lg" data-testid="panorama-heading">
          {heading}
        </Text>
        <Text size="sm" fw={600} truncate>
          {turbineName}
        </Text>
        {turbineName !== turbineCode && (
          <Text size="xs" c="dimmed" truncate>
            {turbineCode}
          </Text>
        )}
      </div>
      <NativeSelect
        label={tv('bladeLabel')}
        value={blade}
        onChange={(event) => onBlade(event.currentTarget.value as Blade)}
        data={BLADES.map((b) => ({ value: b, label: tv('blade', { blade: b }) }))}
        data-testid="panorama-blade"
      />
      <NativeSelect
        label={tv('room')}
        value={String(room)}
        onChange={(event) => onRoom(Number(event.currentTarget.value))}
        data={rooms.map((n) => ({ value: String(n), label: roomText(n) }))}
        data-testid="panorama-room"
      />
      {loaded && (
        <Text size="sm" fw={600} c="dimmed" data-testid="panorama-count">
          {t('photoCount', { count: photos.length })}
        </Text>
      )}
      <div className={classes.photoList} ref={listRef} role="list" aria-label={t('photoList')} data-testid="panorama-photo-list">
        {photos.map((photo, i) => (
          <div role="listitem" key={photo.id}>
            <UnstyledButton
              className={classes.photoItem}
              aria-current={i === selectedIndex}
              data-selected={i === selectedIndex}
              data-testid="panorama-photo"
              onClick={() => onSelect(i)}
            >
              <PhotoThumbnail photo={photo} className={classes.photoThumb} iconSize={18} />
              <Text size="sm" fw={i === selectedIndex ? 700 : 500} truncate className={classes.photoName}>
                {photoDisplayName(photo)}
              </Text>
            </UnstyledButton>
          </div>
        ))}
      </div>
      <Text size="xs" c="dimmed">
        {t('keyboardHint')}
      </Text>
    </Stack>
  );
}
