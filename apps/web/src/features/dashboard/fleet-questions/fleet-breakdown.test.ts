import type { Turbine } from '@windscope/contract';
import { describe, expect, it } from 'vitest';
import { FLEET_FIELDS, openFindingsBy } from './fleet-breakdown.ts';

function turbine(open: number, model: string | null, blade_type: string | null = null): Turbine {
  return { model, blade_type, health: { open } } as unknown as Turbine;
}

const field = (key: string) => {
  const found = FLEET_FIELDS.find((f) => f.key === key);
  if (!found) throw new Error(key);
  return found;
};

describe('fleet breakdowns (issue 27 item 3)', () => {
  it('groups the open findings of the turbines by model, most first, then in Turkish order, turbines without one last', () => {
    const turbines = [
      turbine(2, 'V150'),
      turbine(5, 'SG 5.0-145'),
      turbine(4, 'V150'),
      turbine(1, null),
      turbine(5, 'Çınar 3'),
      turbine(0, ' '),
    ];
    expect(openFindingsBy(turbines, field('model'))).toEqual([
      { value: 'V150', open: 6, turbines: 2 },
      { value: 'Çınar 3', open: 5, turbines: 1 },
      { value: 'SG 5.0-145', open: 5, turbines: 1 },
      { value: null, open: 1, turbines: 2 },
    ]);
  });

  it('groups by blade type, the value as stored (the filter compares it whole)', () => {
    const turbines = [turbine(3, 'V150', 'LM 73.5 P'), turbine(1, 'V150', 'LM 73.5 P'), turbine(2, 'V150', null)];
    expect(openFindingsBy(turbines, field('blade_type'))).toEqual([
      { value: 'LM 73.5 P', open: 4, turbines: 2 },
      { value: null, open: 2, turbines: 1 },
    ]);
    expect(field('blade_type').filter).toBe('bladeType');
  });
});
