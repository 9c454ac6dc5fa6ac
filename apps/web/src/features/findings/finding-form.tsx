import { Button, Divider, Group, Modal, NumberInput, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  BLADES,
  type CreateFindingBody,
  DEPTH_CLASSES,
  FINDING_NOTES_MAX_LENGTH,
  FINDING_SURFACES,
  FINDING_TYPES,
  type FindingSurface,
  type FindingType,
  can,
  type Geometry,
  type LinkPlacement,
  type Photo,
  SEVERITIES,
  UPLOAD_ROOM_CHOICES,
} from '@windscope/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useAddObservationTo, useCreateFinding, usePlacementSuggestions } from '../../api/findings.ts';
import { toast } from '../../ui/toast/toast.tsx';
import { actorOf, useCurrentUser } from '../auth/use-auth.ts';
import { FINDINGS_NS } from './findings-i18n.ts';
import { SuggestionCard } from './link-suggestions.tsx';
import './findings-styles.ts';
import { useFindingLabels } from './labels.ts';

type Blade = (typeof BLADES)[number];
const num = (v: string | number) => (typeof v === 'number' ? v : null);

/** The new finding's fields; blade, room and year come from the photo. Saved as a draft with its first observation. */
export function FindingForm({
  turbineId,
  photo,
  geometry,
  onClose,
}: {
  turbineId: number;
  photo: Photo;
  geometry: Geometry | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(FINDINGS_NS);
  const labels = useFindingLabels();
  const create = useCreateFinding(turbineId);
  const interior = photo.room != null || geometry?.space === 'panorama';
  const [blade, setBlade] = useState<Blade | null>((photo.blade as Blade | null) ?? null);
  const [type, setType] = useState<FindingType>('erosion');
  const [severity, setSeverity] = useState(2);
  const [surface, setSurface] = useState<FindingSurface>(interior ? 'interior' : 'LE');
  const [room, setRoom] = useState<number | null>(photo.room ?? null);
  const [distance, setDistance] = useState<number | null>(null);
  const [length, setLength] = useState<number | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  const [depth, setDepth] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const actor = actorOf(useCurrentUser());
  const mayLink = can(actor, 'finding.link', { companyId: actor?.companyId ?? 0 });
  const placement = useMemo<LinkPlacement | null>(
    () =>
      mayLink && blade && distance !== null && (surface !== 'interior' || room)
        ? { blade, surface, room: surface === 'interior' ? room : null, distance_from_root_m: distance, type, year: photo.year }
        : null,
    [mayLink, blade, surface, room, distance, type, photo.year],
  );
  // asked once typing pauses, not on every keystroke
  const [askedPlacement] = useDebouncedValue(placement, 300);
  const suggestions = usePlacementSuggestions(turbineId, geometry ? askedPlacement : null);
  const addTo = useAddObservationTo(turbineId);
  const addToEarlier = (findingId: number) => {
    if (!geometry) return;
    addTo.mutate(
      {
        findingId,
        body: { photo_id: photo.id, geometry, kind: 'sighting', severity, length_mm: length, width_mm: width, notes: notes.trim() || null },
      },
      {
        onSuccess: () => {
          toast.success(t('link.added', { id: findingId }));
          onClose();
        },
        onError: (error) => toast.error(t('mark.saveError'), isApiError(error) && error.status > 0 ? error.message : undefined),
      },
    );
  };

  const save = () => {
    if (!geometry || !blade) return;
    const body: CreateFindingBody = {
      blade,
      type,
      severity,
      surface,
      room: surface === 'interior' ? room : null,
      distance_from_root_m: distance,
      length_mm: length,
      width_mm: width,
      depth_class: depth ? Number(depth) : null,
      notes: notes.trim() || null,
      observation: { photo_id: photo.id, geometry },
    };
    create.mutate(body, {
      onSuccess: () => {
        toast.success(t('mark.saved'));
        onClose();
      },
      onError: (error) => toast.error(t('mark.saveError'), isApiError(error) && error.status > 0 ? error.message : undefined),
    });
  };

  return (
    <Modal
      opened={geometry !== null}
      onClose={onClose}
      title={t('mark.formTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('detail.close') }}
      data-testid="finding-form"
    >
      <Stack gap="sm">
        <Group grow>
          <Select
            label={t('mark.blade')}
            data={[...BLADES]}
            value={blade}
            onChange={(v) => setBlade(v as Blade | null)}
            error={blade ? undefined : t('mark.noBlade')}
            allowDeselect={false}
            data-testid="finding-form-blade"
          />
          <Select label={t('mark.year')} data={[String(photo.year)]} value={String(photo.year)} disabled />
        </Group>
        <Select
          label={t('mark.type')}
          data={FINDING_TYPES.map((v) => ({ value: v, label: labels.type(v) }))}
          value={type}
          onChange={(v) => v && setType(v as FindingType)}
          allowDeselect={false}
          data-testid="finding-form-type"
        />
        <Select
          label={t('mark.severity')}
          data={SEVERITIES.map((s) => ({ value: String(s), label: `${s} · ${labels.severity(s)}` }))}
          value={String(severity)}
          onChange={(v) => v && setSeverity(Number(v))}
          allowDeselect={false}
          description={`${labels.severityMeaning(severity)} — ${labels.severityAction(severity)}`}
          data-testid="finding-form-severity"
        />
        <Group grow>
          <Select
            label={t('mark.surface')}
            data={FINDING_SURFACES.map((v) => ({ value: v, label: labels.surface(v) }))}
            value={surface}
            onChange={(v) => v && setSurface(v as FindingSurface)}
            allowDeselect={false}
          />
          {surface === 'interior' && (
            <NumberInput
              label={t('mark.room')}
              min={1}
              max={UPLOAD_ROOM_CHOICES}
              value={room ?? ''}
              onChange={(v) => setRoom(num(v))}
              required
            />
          )}
        </Group>
        <Group grow>
          <NumberInput
            label={t('mark.distance')}
            min={0}
            max={200}
            decimalScale={2}
            value={distance ?? ''}
            onChange={(v) => setDistance(num(v))}
          />
          <NumberInput label={t('mark.length')} min={0} value={length ?? ''} onChange={(v) => setLength(num(v))} />
          <NumberInput label={t('mark.width')} min={0} value={width ?? ''} onChange={(v) => setWidth(num(v))} />
        </Group>
        {(suggestions.data?.length ?? 0) > 0 && (
          <Stack gap="xs" data-testid="mark-link-suggestions">
            <Divider />
            <Title order={3} size="h5">
              {t('link.title')}
            </Title>
            <Text size="xs" c="dimmed">
              {t('link.explainMark')}
            </Text>
            {suggestions.data?.map((s) => (
              <SuggestionCard key={s.finding.id} suggestion={s}>
                <Button
                  size="compact-xs"
                  onClick={() => addToEarlier(s.finding.id)}
                  loading={addTo.isPending}
                  disabled={!blade}
                  data-testid="mark-add-to-earlier"
                >
                  {t('link.addTo', { id: s.finding.id })}
                </Button>
              </SuggestionCard>
            ))}
          </Stack>
        )}
        <Select
          label={t('mark.depth')}
          data={DEPTH_CLASSES.map((d) => ({ value: String(d), label: `${d} · ${labels.depth(d)}` }))}
          value={depth}
          onChange={setDepth}
          clearable
        />
        <Textarea
          label={t('mark.notes')}
          maxLength={FINDING_NOTES_MAX_LENGTH}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        <Text size="xs" c="dimmed">
          {`${notes.length} / ${FINDING_NOTES_MAX_LENGTH}`}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('detail.close')}
          </Button>
          <Button
            onClick={save}
            loading={create.isPending}
            disabled={!blade || (surface === 'interior' && !room)}
            data-testid="finding-form-save"
          >
            {t('mark.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
