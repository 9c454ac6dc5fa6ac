import { type Finding, type FindingSurface, type FindingType, type UpdateFindingBody, updateFindingBodySchema } from '@windscope/contract';
import { type FieldErrorCodes, validateForm } from '../../ui/form/validate-form.ts';

/** A finding's fields as the new-finding form and the drawer's edit form hold them (issue 24 item 1), named as the API
 *  names them, so a server message about a field lands under it. */
export const FINDING_FORM_FIELDS = [
  'type',
  'severity',
  'surface',
  'room',
  'distance_from_root_m',
  'length_mm',
  'width_mm',
  'depth_class',
  'notes',
] as const;
export type FindingFormField = (typeof FINDING_FORM_FIELDS)[number];

export interface FindingFormValues {
  type: FindingType;
  severity: number;
  surface: FindingSurface;
  /** interior only */
  room: number | null;
  distance_from_root_m: number | null;
  length_mm: number | null;
  width_mm: number | null;
  depth_class: number | null;
  notes: string;
}

export function formValuesOf(f: Finding): FindingFormValues {
  return {
    type: f.type,
    severity: f.severity,
    surface: f.surface,
    room: f.room,
    distance_from_root_m: f.distance_from_root_m,
    length_mm: f.length_mm,
    width_mm: f.width_mm,
    depth_class: f.depth_class,
    notes: f.notes ?? '',
  };
}

/** What the server would store: no room outside, notes trimmed (empty: none). */
function stored(values: FindingFormValues, field: FindingFormField): unknown {
  if (field === 'room') return values.surface === 'interior' ? values.room : null;
  if (field === 'notes') return values.notes.trim();
  return values[field];
}

/** The fields whose stored value differs between two sets of values. */
export function changedFields(values: FindingFormValues, from: FindingFormValues): FindingFormField[] {
  return FINDING_FORM_FIELDS.filter((field) => stored(values, field) !== stored(from, field));
}

export type EditBodyResult = { ok: true; body: UpdateFindingBody } | { ok: false; errors: FieldErrorCodes };

/** The PUT body: the fields changed since the edit started, and the version it started from (a stale one is 409), checked
 *  with the contract's schema. A changed surface sends the room too (the server needs it inside and drops it outside). */
export function editBody(values: FindingFormValues, started: FindingFormValues, version: number): EditBodyResult {
  const changed = new Set(changedFields(values, started));
  if (changed.has('surface')) changed.add('room');
  const body: Record<string, unknown> = { version };
  for (const field of changed) {
    const value = stored(values, field);
    body[field] = field === 'notes' ? value || null : value;
  }
  const checked = validateForm(updateFindingBodySchema, body);
  return checked.ok ? { ok: true, body: body as UpdateFindingBody } : { ok: false, errors: checked.errors };
}

/** An edit in the drawer: where it started (values and version), what the form holds now, and after a stale save
 *  (409 FINDING_STALE) the user's own entries, kept until they are applied again or the edit ends. */
export interface EditSession {
  findingId: number;
  version: number;
  started: FindingFormValues;
  values: FindingFormValues;
  conflict: {
    /** the form as it was when the save was refused */
    mine: FindingFormValues;
    /** where that edit had started */
    from: FindingFormValues;
    /** the current values have been loaded into the form */
    loaded: boolean;
  } | null;
}

export function startEdit(f: Finding): EditSession {
  const values = formValuesOf(f);
  return { findingId: f.id, version: f.version, started: values, values, conflict: null };
}

export function changeValues(session: EditSession, change: Partial<FindingFormValues>): EditSession {
  return { ...session, values: { ...session.values, ...change } };
}

/** The save was refused as stale: keep what the user typed. */
export function markStale(session: EditSession): EditSession {
  return {
    ...session,
    conflict: {
      mine: session.values,
      from: session.conflict?.loaded ? session.started : (session.conflict?.from ?? session.started),
      loaded: false,
    },
  };
}

/** The current finding, loaded after a conflict: the form shows it and the next save starts from its version; the
 *  user's entries stay offered. */
export function loadCurrent(session: EditSession, current: Finding): EditSession {
  const values = formValuesOf(current);
  return {
    ...session,
    version: current.version,
    started: values,
    values,
    conflict: session.conflict ? { ...session.conflict, loaded: true } : null,
  };
}

/** The user's own entries (what they changed from where their edit started), as field and value. */
export function myEntries(session: EditSession): { field: FindingFormField; value: unknown }[] {
  const conflict = session.conflict;
  if (!conflict) return [];
  return changedFields(conflict.mine, conflict.from).map((field) => ({ field, value: stored(conflict.mine, field) }));
}

/** The user's entries laid over the current values (the other person's changes to other fields stay). */
export function reapplyMine(session: EditSession): EditSession {
  const conflict = session.conflict;
  if (!conflict) return session;
  const values = { ...session.values };
  for (const field of changedFields(conflict.mine, conflict.from)) {
    if (field === 'room' || field === 'surface') {
      values.surface = conflict.mine.surface;
      values.room = conflict.mine.room;
    } else (values as Record<string, unknown>)[field] = conflict.mine[field];
  }
  return { ...session, values };
}
