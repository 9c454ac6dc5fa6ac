import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from '../filters/turbine-filters.ts';
import { bandOf, fleetFindingsHref, missingOf, pageOf } from './fleet-links.ts';

describe('links from the fleet charts to the fleet findings list', () => {
  it("carry the dashboard's filters with its own parameter names, the bar's value and band, no view or sort", () => {
    const filters = { ...NO_FILTERS, city: 'izmir', model: 'V150 4.2', minSeverity: 3 };
    expect(fleetFindingsHref(filters, 4)).toBe('/dashboard/findings?city=izmir&severity=3&model=V150+4.2&company=4');
    expect(fleetFindingsHref(NO_FILTERS, null, { band: { from: 10, to: 20 } })).toBe('/dashboard/findings?distance_from=10&distance_to=20');
    // the "no model" / "no blade type" bars: the turbines without one
    expect(fleetFindingsHref({ ...NO_FILTERS, city: 'izmir' }, null, { missing: 'model' })).toBe(
      '/dashboard/findings?city=izmir&no_model=1',
    );
    expect(fleetFindingsHref(NO_FILTERS, 2, { missing: 'blade_type' })).toBe('/dashboard/findings?company=2&no_blade_type=1');
    expect(fleetFindingsHref(NO_FILTERS, null)).toBe('/dashboard/findings');
  });

  it('read a band back, none when malformed or reversed', () => {
    const band = (query: string) => bandOf(new URLSearchParams(query));
    expect(band('distance_from=10&distance_to=20')).toEqual({ from: 10, to: 20 });
    expect(band('distance_from=20&distance_to=10')).toBeNull();
    expect(band('distance_from=-1&distance_to=10')).toBeNull();
    expect(band('distance_from=0&distance_to=900')).toBeNull();
    expect(band('distance_from=0')).toBeNull();
  });

  it('read "no model" / "no blade type" back, not with a value asked for; and the page, 1 when malformed', () => {
    const params = new URLSearchParams('no_model=1&no_blade_type=1');
    expect(missingOf(params, NO_FILTERS)).toEqual({ model: true, blade_type: true });
    expect(missingOf(params, { ...NO_FILTERS, model: 'V150' })).toEqual({ model: false, blade_type: true });
    expect(missingOf(new URLSearchParams('no_model=yes'), NO_FILTERS)).toEqual({ model: false, blade_type: false });
    const page = (query: string) => pageOf(new URLSearchParams(query));
    expect(page('page=3')).toBe(3);
    expect(page('')).toBe(1);
    for (const bad of ['page=0', 'page=-2', 'page=1.5', 'page=abc', 'page=99999999']) expect(page(bad), bad).toBe(1);
  });
});
