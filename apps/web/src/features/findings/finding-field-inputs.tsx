import { Group, NumberInput, Select, Text, Textarea } from '@mantine/core';
import {
  DEPTH_CLASSES,
  FINDING_NOTES_MAX_LENGTH,
  FINDING_SURFACES,
  FINDING_TYPES,
  type FindingSurface,
  type FindingType,
  SEVERITIES,
  UPLOAD_ROOM_CHOICES,
} from '@windscope/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldErrorCodes, fieldError } from '../../ui/form/validate-form.ts';
import type { FindingFormValues } from './finding-edit-values.ts';
import { FINDINGS_NS } from './findings-i18n.ts';
import { useFindingLabels } from './labels.ts';

const num = (v: string | number) => (typeof v === 'number' ? v : null);

/** A finding's fields (type, severity, surface and room, distance, sizes, depth, notes): one set of inputs for the new
 *  finding form and the drawer's edit form. `afterSizes` goes between the sizes and the depth (the mark form's link
 *  suggestions, which follow the place typed). */
export function FindingFieldInputs({
  values,
  onChange,
  errors = {},
  testIdPrefix,
  afterSizes,
  rooms = UPLOAD_ROOM_CHOICES,
}: {
  values: FindingFormValues;
  onChange: (change: Partial<FindingFormValues>) => void;
  errors?: FieldErrorCodes;
  testIdPrefix: string;
  afterSizes?: ReactNode;
  /** the turbine's room count: a room is 1..rooms (the server refuses one beyond, issue 24 item 17) */
  rooms?: number;
}) {
  const { t } = useTranslation(FINDINGS_NS);
  const labels = useFindingLabels();
  const error = (field: string) => fieldError(errors, field);
  return (
    <>
      <Select
        label={t('mark.type')}
        data={FINDING_TYPES.map((v) => ({ value: v, label: labels.type(v) }))}
        value={values.type}
        onChange={(v) => v && onChange({ type: v as FindingType })}
        allowDeselect={false}
        error={error('type')}
        data-testid={`${testIdPrefix}-type`}
      />
      <Select
        label={t('mark.severity')}
        data={SEVERITIES.map((s) => ({ value: String(s), label: `${s} · ${labels.severity(s)}` }))}
        value={String(values.severity)}
        onChange={(v) => v && onChange({ severity: Number(v) })}
        allowDeselect={false}
        description={`${labels.severityMeaning(values.severity)} — ${labels.severityAction(values.severity)}`}
        error={error('severity')}
        data-testid={`${testIdPrefix}-severity`}
      />
      <Group grow align="flex-start">
        <Select
          label={t('mark.surface')}
          data={FINDING_SURFACES.map((v) => ({ value: v, label: labels.surface(v) }))}
          value={values.surface}
          onChange={(v) => v && onChange({ surface: v as FindingSurface })}
          allowDeselect={false}
          error={error('surface')}
          data-testid={`${testIdPrefix}-surface`}
        />
        {values.surface === 'interior' && (
          <NumberInput
            label={t('mark.room')}
            min={1}
            max={rooms}
            value={values.room ?? ''}
            onChange={(v) => onChange({ room: num(v) })}
            required
            error={error('room')}
            data-testid={`${testIdPrefix}-room`}
          />
        )}
      </Group>
      <Group grow align="flex-start">
        <NumberInput
          label={t('mark.distance')}
          min={0}
          max={200}
          decimalScale={2}
          value={values.distance_from_root_m ?? ''}
          onChange={(v) => onChange({ distance_from_root_m: num(v) })}
          error={error('distance_from_root_m')}
          data-testid={`${testIdPrefix}-distance`}
        />
        <NumberInput
          label={t('mark.length')}
          min={0}
          value={values.length_mm ?? ''}
          onChange={(v) => onChange({ length_mm: num(v) })}
          error={error('length_mm')}
          data-testid={`${testIdPrefix}-length`}
        />
        <NumberInput
          label={t('mark.width')}
          min={0}
          value={values.width_mm ?? ''}
          onChange={(v) => onChange({ width_mm: num(v) })}
          error={error('width_mm')}
          data-testid={`${testIdPrefix}-width`}
        />
      </Group>
      {afterSizes}
      <Select
        label={t('mark.depth')}
        data={DEPTH_CLASSES.map((d) => ({ value: String(d), label: `${d} · ${labels.depth(d)}` }))}
        value={values.depth_class === null ? null : String(values.depth_class)}
        onChange={(v) => onChange({ depth_class: v ? Number(v) : null })}
        clearable
        error={error('depth_class')}
        data-testid={`${testIdPrefix}-depth`}
      />
      <Textarea
        label={t('mark.notes')}
        maxLength={FINDING_NOTES_MAX_LENGTH}
        value={values.notes}
        onChange={(e) => onChange({ notes: e.currentTarget.value })}
        autosize
        minRows={2}
        error={error('notes')}
        data-testid={`${testIdPrefix}-notes`}
      />
      <Text size="xs" c="dimmed">
        {`${values.notes.length} / ${FINDING_NOTES_MAX_LENGTH}`}
      </Text>
    </>
  );
}
