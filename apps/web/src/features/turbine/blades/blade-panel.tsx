import { Badge, Card, Group, Select, Stack, Text } from '@mantine/core';
import { type Blade, type Photo, roomChoices, roomLabel } from '@windscope/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { useKeptTarget, zoneKey } from '../upload/kept-selection.ts';
import { UploadZone } from '../upload/upload-zone.tsx';
import { usePhotoUpload } from '../upload/use-photo-upload.ts';

export interface BladePanelProps {
  turbineId: number;
  /** the turbine's room count: the room list offers 1..rooms (issue 24 item 17; the server refuses a room beyond) */
  rooms: number;
  blade: Blade;
  year: number;
  /** this year's blade photos (all blades) */
  photos: readonly Photo[];
  existingNames: ReadonlySet<string>;
}

/** One blade (A, B or C): room dropdown 1..the turbine's rooms with the room labels (default 1) and its upload zone. */
export function BladePanel({ turbineId, rooms, blade, year, photos, existingNames }: BladePanelProps) {
  const { t } = useTranslation(TURBINE_NS);
  const kept = useKeptTarget([zoneKey(turbineId, { kind: 'blade', blade })]);
  const [chosenRoom, setRoom] = useState(kept?.kind === 'blade' ? kept.room : 1);
  // a manager may have lowered the turbine's rooms meanwhile: the choice stays within them
  const room = Math.max(1, Math.min(chosenRoom, rooms));
  const roomWord = t('blades.roomWord');
  const upload = usePhotoUpload(turbineId, { kind: 'blade', blade, room, year }, existingNames);
  const inRoom = useMemo(() => photos.filter((p) => p.blade === blade && p.room === room).length, [photos, blade, room]);
  const roomOptions = useMemo(
    () =>
      roomChoices(rooms).map((r) => {
        const label = roomLabel(r, roomWord);
        return { value: String(r), label: label === `${roomWord} ${r}` ? label : `${r} · ${label}` };
      }),
    [roomWord, rooms],
  );
  return (
    <Card withBorder radius="md" padding="md" data-testid={`blade-panel-${blade}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={700}>{t('blades.blade', { blade })}</Text>
          <Badge variant="light" color="gray" tt="none">
            {t('blades.inRoom', { count: inRoom })}
          </Badge>
        </Group>
        <Select
          label={t('blades.room')}
          data={roomOptions}
          value={String(room)}
          onChange={(value) => value && setRoom(Number(value))}
          allowDeselect={false}
          disabled={upload.uploading}
          maxDropdownHeight={280}
          data-testid={`room-select-${blade}`}
        />
        <UploadZone state={upload} testId={`upload-blade-${blade}`} />
      </Stack>
    </Card>
  );
}
