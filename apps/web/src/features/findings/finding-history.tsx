import { Text, Timeline } from '@mantine/core';
import type { FindingEvent, FindingStatus, FindingSurface, FindingType } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../i18n/format.ts';
import { FINDING_FORM_FIELDS } from './finding-edit-values.ts';
import { FINDINGS_NS } from './findings-i18n.ts';
import { useFindingLabels } from './labels.ts';

/** The fields an edit records, in the order the form shows them (the blade and the due date are edited elsewhere). */
const RECORDED_FIELDS = ['blade', ...FINDING_FORM_FIELDS, 'due_date'] as const;
type RecordedField = (typeof RECORDED_FIELDS)[number];
const FIELD_LABEL = {
  blade: 'mark.blade',
  type: 'mark.type',
  severity: 'mark.severity',
  surface: 'mark.surface',
  room: 'mark.room',
  distance_from_root_m: 'mark.distance',
  length_mm: 'mark.length',
  width_mm: 'mark.width',
  depth_class: 'mark.depth',
  notes: 'mark.notes',
  due_date: 'detail.dueDate',
} as const satisfies Record<RecordedField, string>;
const NOTES_SHOWN = 80;

/** A field's name and a value of it as the screens write them ("5 · Kritik", "Hücum kenarı", "1.250"): the history's
 *  edits and the edit form's kept entries. */
export function useFindingFieldText() {
  const { t } = useTranslation(FINDINGS_NS);
  const labels = useFindingLabels();
  const format = useFormatters();
  const value = (field: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return '—';
    if (field === 'type') return labels.type(v as FindingType);
    if (field === 'surface') return labels.surface(v as FindingSurface);
    if (field === 'severity') return `${v} · ${labels.severity(Number(v))}`;
    if (field === 'depth_class') return `${v} · ${labels.depth(Number(v))}`;
    if (field === 'due_date' && typeof v === 'string') return format.date(`${v}T00:00:00Z`);
    if (typeof v === 'number') return format.number(v);
    const text = String(v);
    return text.length > NOTES_SHOWN ? `${text.slice(0, NOTES_SHOWN)}…` : text;
  };
  const name = (field: string) => (field in FIELD_LABEL ? t(FIELD_LABEL[field as RecordedField]) : field);
  return { name, value };
}

/** "Önem: 3 · Orta → 5 · Kritik", one line per field an edit changed. */
function EditedFields({ event }: { event: FindingEvent }) {
  const { t } = useTranslation(FINDINGS_NS);
  const text = useFindingFieldText();
  const fields = RECORDED_FIELDS.filter((f) => event.after && f in event.after);
  return fields.map((field) => (
    <Text size="sm" key={field} data-testid="finding-history-change" data-field={field}>
      {t('edit.changeLine', {
        field: text.name(field),
        before: text.value(field, event.before?.[field]),
        after: text.value(field, event.after?.[field]),
      })}
    </Text>
  ));
}

/** A finding's history, oldest first: every change as an event (who, when, what). */
export function FindingHistory({ events }: { events: FindingEvent[] }) {
  const { t } = useTranslation(FINDINGS_NS);
  const labels = useFindingLabels();
  const format = useFormatters();
  const statusOf = (value: unknown) => (typeof value === 'string' ? labels.status(value as FindingStatus) : '');
  return (
    <Timeline bulletSize={12} lineWidth={2} data-testid="finding-history">
      {events.map((e) => (
        <Timeline.Item key={e.id} title={t(`detail.event.${e.kind}`)} data-kind={e.kind}>
          {e.kind === 'status' && (
            <Text size="sm">{t('detail.statusChange', { from: statusOf(e.before?.status), to: statusOf(e.after?.status) })}</Text>
          )}
          {e.kind === 'updated' && <EditedFields event={e} />}
          {e.kind === 'linked' && <Text size="sm">{t('detail.linkedFrom', { id: String(e.after?.linked_finding_id ?? '') })}</Text>}
          {e.kind === 'link_dismissed' && <Text size="sm">{t('detail.dismissedTarget', { id: String(e.after?.target_id ?? '') })}</Text>}
          {e.reason && <Text size="sm">{e.reason}</Text>}
          <Text size="xs" c="dimmed">
            {`${e.actor_name} · ${format.dateTime(e.created_at)}`}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
