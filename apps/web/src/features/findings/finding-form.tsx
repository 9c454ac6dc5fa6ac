import { Button, Divider, Group, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { BLADES, type CreateFindingBody, can, type Geometry, type LinkPlacement, type Photo } from '@windscope/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useAddObservationTo, useCreateFinding, usePlacementSuggestions } from '../../api/findings.ts';
import { toast } from '../../ui/toast/toast.tsx';
import { actorOf, useCurrentUser } from '../auth/use-auth.ts';
import { FINDINGS_NS } from './findings-i18n.ts';
import { SuggestionCard } from './link-suggestions.tsx';
import type { FindingFormValues } from './finding-edit-values.ts';
import { FindingFieldInputs } from './finding-field-inputs.tsx';
import './findings-styles.ts';
import { useTurbine } from '../turbine/api/turbine-api.ts';

type Blade = (typeof BLADES)[number];

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
  const create = useCreateFinding(turbineId);
  const rooms = useTurbine(turbineId).data?.rooms;
  const interior = photo.room != null || geometry?.space === 'panorama';
  const [blade, setBlade] = useState<Blade | null>((photo.blade as Blade | null) ?? null);
  const [values, setValues] = useState<FindingFormValues>({
    type: 'erosion',
    severity: 2,
    surface: interior ? 'interior' : 'LE',
    room: photo.room ?? null,
    distance_from_root_m: null,
    length_mm: null,
    width_mm: null,
    depth_class: null,
    notes: '',
  });
  const { type, severity, surface, room, distance_from_root_m: distance, length_mm: length, width_mm: width, notes } = values;
  const change = (next: Partial<FindingFormValues>) => setValues((current) => ({ ...current, ...next }));
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
      depth_class: values.depth_class,
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
        <FindingFieldInputs
          values={values}
          onChange={change}
          testIdPrefix="finding-form"
          rooms={rooms}
          afterSizes={
            (suggestions.data?.length ?? 0) > 0 && (
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
            )
          }
        />
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
