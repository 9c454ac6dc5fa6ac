import type { Finding } from '@windscope/contract';
import { describe, expect, it } from 'vitest';
import { changedFields, changeValues, editBody, loadCurrent, markStale, myEntries, reapplyMine, startEdit } from './finding-edit-values.ts';

const finding = (over: Partial<Finding> = {}): Finding => ({
  id: 7,
  turbine_id: 3,
  blade: 'A',
  surface: 'LE',
  room: null,
  distance_from_root_m: 12.5,
  type: 'crack',
  severity: 3,
  depth_class: null,
  length_mm: 60,
  width_mm: null,
  notes: null,
  status: 'confirmed',
  due_date: null,
  overdue: false,
  created_by: 1,
  created_by_name: 'Ayşe Operatör',
  repaired_by: null,
  version: 4,
  first_seen_year: 2025,
  last_seen_year: 2026,
  observation_count: 2,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...over,
});

describe('the edit body', () => {
  it('sends only the changed fields and the version the edit started from', () => {
    const session = changeValues(startEdit(finding()), { severity: 5, length_mm: 95 });
    expect(editBody(session.values, session.started, session.version)).toEqual({
      ok: true,
      body: { version: 4, severity: 5, length_mm: 95 },
    });
  });

  it('sends the room with a changed surface, none outside, and notes trimmed (empty: none)', () => {
    const inside = changeValues(startEdit(finding()), { surface: 'interior', room: 4 });
    expect(editBody(inside.values, inside.started, 4)).toEqual({ ok: true, body: { version: 4, surface: 'interior', room: 4 } });
    const out = changeValues(startEdit(finding({ surface: 'interior', room: 4 })), { surface: 'TE' });
    expect(editBody(out.values, out.started, 4)).toEqual({ ok: true, body: { version: 4, surface: 'TE', room: null } });
    const notes = changeValues(startEdit(finding({ notes: 'old' })), { notes: '   ' });
    expect(editBody(notes.values, notes.started, 4)).toEqual({ ok: true, body: { version: 4, notes: null } });
    // spaces typed around the same notes change nothing
    expect(changedFields({ ...notes.values, notes: ' old ' }, notes.started)).toEqual([]);
  });

  it("refuses with the contract's message codes, under the field", () => {
    const noRoom = changeValues(startEdit(finding()), { surface: 'interior', room: null });
    expect(editBody(noRoom.values, noRoom.started, 4)).toEqual({ ok: false, errors: { room: 'FINDING_ROOM_REQUIRED' } });
    const negative = changeValues(startEdit(finding()), { length_mm: -3 });
    expect(editBody(negative.values, negative.started, 4)).toEqual({ ok: false, errors: { length_mm: 'FINDING_FIELD_INVALID' } });
    const long = changeValues(startEdit(finding()), { notes: 'x'.repeat(2001) });
    expect(editBody(long.values, long.started, 4)).toEqual({ ok: false, errors: { notes: 'FINDING_NOTES_TOO_LONG' } });
  });
});

describe('a stale save (another tab saved first)', () => {
  it('keeps what was typed, loads the current values and the new version, and offers the entries again', () => {
    const typed = changeValues(startEdit(finding()), { severity: 5, notes: 'typed in tab two' });
    const stale = markStale(typed);
    expect(stale.values).toEqual(typed.values);
    expect(myEntries(stale)).toEqual([
      { field: 'severity', value: 5 },
      { field: 'notes', value: 'typed in tab two' },
    ]);
    // meanwhile the other tab changed the type and the length
    const current = finding({ version: 5, type: 'erosion', length_mm: 80 });
    const loaded = loadCurrent(stale, current);
    expect(loaded.version).toBe(5);
    expect(loaded.values).toMatchObject({ type: 'erosion', length_mm: 80, severity: 3, notes: '' });
    expect(loaded.conflict?.loaded).toBe(true);
    // the entries are still offered after the load
    expect(myEntries(loaded)).toEqual(myEntries(stale));
    const again = reapplyMine(loaded);
    expect(again.values).toMatchObject({ type: 'erosion', length_mm: 80, severity: 5, notes: 'typed in tab two' });
    expect(editBody(again.values, again.started, again.version)).toEqual({
      ok: true,
      body: { version: 5, severity: 5, notes: 'typed in tab two' },
    });
  });

  it('a second stale save after a reload counts from the loaded values', () => {
    const loaded = loadCurrent(markStale(changeValues(startEdit(finding()), { width_mm: 9 })), finding({ version: 5 }));
    const typedAgain = changeValues(reapplyMine(loaded), { depth_class: 2 });
    const staleAgain = markStale(typedAgain);
    expect(myEntries(staleAgain)).toEqual([
      { field: 'width_mm', value: 9 },
      { field: 'depth_class', value: 2 },
    ]);
  });

  it('moves the surface and the room together when the entries are applied again', () => {
    const typed = changeValues(startEdit(finding()), { surface: 'interior', room: 6 });
    const loaded = loadCurrent(markStale(typed), finding({ version: 9, surface: 'SS' }));
    expect(reapplyMine(loaded).values).toMatchObject({ surface: 'interior', room: 6 });
  });
});
