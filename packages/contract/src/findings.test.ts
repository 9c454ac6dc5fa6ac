import { describe, expect, it } from 'vitest';
import {
  allowedTransitions,
  createFindingBodySchema,
  defaultDueDate,
  findingListQuerySchema,
  findingResource,
  geometrySchema,
  isOverdue,
  SEVERITY_SCALE,
} from './findings.ts';
import { MESSAGES } from './messages.ts';
import { type Actor, can } from './permissions.ts';
import type { Role } from './roles.ts';

const actor = (role: Role, id = 10, companyId = 1): Actor => ({ id, role, companyId });
const now = new Date('2026-06-01T12:00:00Z');
const codeOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('finding geometry (DECISIONS §12)', () => {
  const flat = (shape: string, points: unknown) => geometrySchema.safeParse({ space: 'flat', shape, points });
  const pano = (shape: string, points: unknown) => geometrySchema.safeParse({ space: 'panorama', shape, points });
  const ring = (n: number) => Array.from({ length: n }, (_, i) => [0.5 + 0.4 * Math.cos(i), 0.5 + 0.4 * Math.sin(i)]);

  it('accepts the four flat shapes and the two panorama shapes', () => {
    expect(
      flat('rectangle', [
        [0.1, 0.1],
        [0.3, 0.4],
      ]).success,
    ).toBe(true);
    expect(
      flat('ellipse', [
        [0, 0],
        [1, 1],
      ]).success,
    ).toBe(true);
    expect(flat('polygon', ring(3)).success).toBe(true);
    expect(flat('polygon', ring(64)).success).toBe(true);
    expect(flat('point', [[0.5, 0.5]]).success).toBe(true);
    expect(
      pano('polygon', [
        [0.1, 0],
        [6.2, 0.2],
        [3, -1.5],
      ]).success,
    ).toBe(true);
    expect(pano('point', [[Math.PI, Math.PI / 2]]).success).toBe(true);
  });

  it('refuses 2 or 65 polygon points, NaN, out of 0..1, yaw/pitch out of range, unknown shapes', () => {
    const refused = [
      flat('polygon', ring(2)),
      flat('polygon', ring(65)),
      flat('point', [[Number.NaN, 0.5]]),
      flat('point', [[null, 0.5]]),
      flat('rectangle', [
        [0.1, 0.1],
        [1.01, 0.5],
      ]),
      flat('rectangle', [
        [-0.01, 0.1],
        [0.5, 0.5],
      ]),
      flat('rectangle', [
        [0.1, 0.1],
        [0.1, 0.5],
      ]),
      flat('point', [[0.5, 0.5, 0.5]]),
      flat('circle', [[0.5, 0.5]]),
      pano('point', [[7, 0]]),
      pano('point', [[-0.1, 0]]),
      pano('point', [[1, 1.6]]),
      pano('rectangle', [
        [1, 1],
        [2, 0.5],
      ]),
      geometrySchema.safeParse({ space: 'cube', shape: 'point', points: [[0, 0]] }),
    ];
    for (const r of refused) {
      expect(r.success).toBe(false);
      expect(codeOf(r)).toBe('FINDING_GEOMETRY_INVALID');
    }
  });
});

describe('finding bodies', () => {
  const valid = {
    blade: 'A',
    surface: 'LE',
    type: 'crack',
    severity: 3,
    observation: { photo_id: 1, geometry: { space: 'flat', shape: 'point', points: [[0.5, 0.5]] } },
  };
  it('needs a room for interior findings, a known type, severity 1..5, notes up to 2,000', () => {
    expect(createFindingBodySchema.safeParse(valid).success).toBe(true);
    const cases: [Record<string, unknown>, string][] = [
      [{ surface: 'interior' }, 'FINDING_ROOM_REQUIRED'],
      [{ type: 'scratch' }, 'FINDING_TYPE_INVALID'],
      [{ severity: 0 }, 'FINDING_SEVERITY_INVALID'],
      [{ severity: 6 }, 'FINDING_SEVERITY_INVALID'],
      [{ notes: 'x'.repeat(2001) }, 'FINDING_NOTES_TOO_LONG'],
    ];
    for (const [change, code] of cases) expect(codeOf(createFindingBodySchema.safeParse({ ...valid, ...change }))).toBe(code);
    expect(createFindingBodySchema.safeParse({ ...valid, surface: 'interior', room: 4, notes: 'x'.repeat(2000) }).success).toBe(true);
  });
  it('every code the schemas use is a message in both languages', () => {
    for (const code of Object.keys(MESSAGES)) expect(MESSAGES[code as keyof typeof MESSAGES].en.length).toBeGreaterThan(0);
    expect(findingListQuerySchema.safeParse({ status: 'open,draft' }).success).toBe(true);
    expect(codeOf(findingListQuerySchema.safeParse({ status: 'open,bogus' }))).toBe('FINDING_FILTER_INVALID');
  });
});

describe('severity scale and due dates', () => {
  it('maps severity to its due days', () => {
    expect(SEVERITY_SCALE[3].tr).toBe('Orta');
    expect(defaultDueDate(1, now)).toBeNull();
    expect(defaultDueDate(2, now)).toBe('2027-06-01');
    expect(defaultDueDate(3, now)).toBe('2026-11-28');
    expect(defaultDueDate(4, now)).toBe('2026-07-01');
    expect(defaultDueDate(5, now)).toBe('2026-06-01');
    expect(isOverdue({ status: 'repair_planned', due_date: '2026-05-31' }, now)).toBe(true);
    expect(isOverdue({ status: 'repair_planned', due_date: '2026-06-01' }, now)).toBe(false);
    expect(isOverdue({ status: 'repaired', due_date: '2026-05-31' }, now)).toBe(false);
  });
});

describe('finding permissions and two-person rules', () => {
  const draftBy = (author: number) => findingResource(1, { created_by: author, repaired_by: null, status: 'draft' });
  it('lets staff create and edit; customers and viewers only read confirmed ones', () => {
    for (const role of ['superadmin', 'admin', 'company_manager', 'operator'] as const) {
      expect(can(actor(role), 'finding.create')).toBe(true);
      expect(can(actor(role), 'finding.readDrafts')).toBe(true);
    }
    for (const role of ['customer', 'viewer'] as const) {
      expect(can(actor(role), 'finding.read')).toBe(true);
      expect(can(actor(role), 'finding.create')).toBe(false);
      expect(can(actor(role), 'finding.readDrafts')).toBe(false);
    }
  });
  it('never lets the author review, nor the repairer verify', () => {
    expect(allowedTransitions(actor('admin', 10), draftBy(10), now)).toEqual([]);
    expect(allowedTransitions(actor('superadmin', 10), draftBy(10), now)).toEqual([]);
    expect(allowedTransitions(actor('admin', 10), draftBy(11), now)).toEqual(['confirmed', 'rejected']);
    expect(allowedTransitions(actor('operator', 10), draftBy(11), now)).toEqual([]);
    const repaired = (by: number) => findingResource(1, { created_by: 11, repaired_by: by, status: 'repaired' });
    expect(allowedTransitions(actor('company_manager', 10), repaired(10), now)).toEqual([]);
    expect(allowedTransitions(actor('company_manager', 10), repaired(12), now)).toEqual(['verified', 'repair_planned']);
    const planned = findingResource(1, { created_by: 11, repaired_by: null, status: 'repair_planned' });
    expect(allowedTransitions(actor('operator', 10), planned, now)).toEqual(['repaired']);
  });
  it('deletes drafts by their author or a manager, anything by superadmin', () => {
    expect(can(actor('operator', 10), 'finding.delete', draftBy(10))).toBe(true);
    expect(can(actor('operator', 10), 'finding.delete', draftBy(11))).toBe(false);
    expect(can(actor('admin', 10), 'finding.delete', draftBy(11))).toBe(true);
    const confirmed = findingResource(1, { created_by: 10, repaired_by: null, status: 'confirmed' });
    expect(can(actor('admin', 10), 'finding.delete', confirmed)).toBe(false);
    expect(can(actor('operator', 10), 'finding.delete', confirmed)).toBe(false);
    expect(can(actor('superadmin', 10), 'finding.delete', confirmed)).toBe(true);
  });
});
