import { describe, expect, it } from 'vitest';
import { makeTurbine } from '../../management/test-support.ts';
import { applyFilters, cityOptions, indexTurbines, NO_FILTERS, turbineDisplayName, turbineYear, yearOptions } from './turbine-filters.ts';

const fleet = [
  makeTurbine({
    id: 1,
    city: 'izmir',
    code: 'EGE-BRG-01',
    location: 'Bergama',
    turbine_name: 'Bergama RES T-01',
    site_name: 'Kozak',
    updated_at: '2025-02-01T00:00:00Z',
  }),
  makeTurbine({
    id: 2,
    city: 'aydın',
    code: 'EGE-DDM-02',
    location: 'Didim, Akbük',
    turbine_name: null,
    name: 'Didim Kuzey',
    updated_at: '2023-07-01T00:00:00Z',
  }),
  makeTurbine({
    id: 3,
    city: 'çanakkale',
    code: 'MRM-GLB-09',
    location: 'Gelibolu',
    turbine_name: 'Gelibolu RES',
    company_name: 'Marmara Enerji',
    updated_at: '2024-05-01T00:00:00Z',
  }),
  makeTurbine({
    id: 4,
    city: 'izmir',
    code: 'EGE-CSM-04',
    location: 'Çeşme, Germiyan',
    turbine_name: 'Çeşme RES',
    updated_at: '2023-03-01T00:00:00Z',
  }),
];
const index = indexTurbines(fleet);
const ids = (filters: Partial<typeof NO_FILTERS>) => applyFilters(index, { ...NO_FILTERS, ...filters }).map((t) => t.id);

describe('year (spec §2: from the updated or created year)', () => {
  it('takes the updated year, else the created year', () => {
    expect(turbineYear({ updated_at: '2025-03-01T12:00:00Z', created_at: '2021-01-01T00:00:00Z' })).toBe(2025);
    expect(turbineYear({ updated_at: '', created_at: '2021-06-01T00:00:00Z' })).toBe(2021);
    expect(turbineYear({ updated_at: 'not a date', created_at: '2022-06-01T00:00:00Z' })).toBe(2022);
    expect(turbineYear({ updated_at: '', created_at: '' })).toBeNull();
  });

  it('offers each year once, newest first', () => {
    expect(yearOptions(index)).toEqual([2025, 2024, 2023]);
  });

  it('filters by the derived year', () => {
    expect(ids({ year: 2023 })).toEqual([2, 4]);
    expect(ids({ year: 2025 })).toEqual([1]);
    expect(ids({ year: 2019 })).toEqual([]);
  });
});

describe('city', () => {
  it('offers each city once in Turkish order and filters by it', () => {
    expect(cityOptions(index)).toEqual(['aydın', 'çanakkale', 'izmir']);
    expect(ids({ city: 'izmir' })).toEqual([1, 4]);
    expect(ids({ city: 'izmir', year: 2023 })).toEqual([4]);
  });
});

describe('free text (spec §2: code, city, location, turbine name)', () => {
  it('searches the code', () => expect(ids({ text: 'ddm' })).toEqual([2]));
  it('searches the city', () => expect(ids({ text: 'çanakkale' })).toEqual([3]));
  it('searches the location', () => expect(ids({ text: 'akbük' })).toEqual([2]));
  it('searches the turbine name, and the name when there is none', () => {
    expect(ids({ text: 'gelibolu res' })).toEqual([3]);
    expect(ids({ text: 'kuzey' })).toEqual([2]);
  });
  it('ignores case, Turkish letters and accents', () => {
    expect(ids({ text: 'CESME' })).toEqual([4]);
    expect(ids({ text: 'İZMİR' })).toEqual([1, 4]);
    expect(ids({ text: 'AYDIN' })).toEqual([2]);
  });
  it('does not search other fields (company, site name)', () => {
    expect(ids({ text: 'marmara' })).toEqual([]);
    expect(ids({ text: 'kozak' })).toEqual([]);
  });
  it('needs every word and treats blank as no filter', () => {
    expect(ids({ text: 'izmir csm' })).toEqual([4]);
    expect(ids({ text: '   ' })).toEqual([1, 2, 3, 4]);
  });
});

it('names a turbine by turbine_name, else name, else code', () => {
  expect(turbineDisplayName({ turbine_name: 'A', name: 'B', code: 'C' })).toBe('A');
  expect(turbineDisplayName({ turbine_name: null, name: 'B', code: 'C' })).toBe('B');
  expect(turbineDisplayName({ turbine_name: '', name: null, code: 'C' })).toBe('C');
});

// its speed (a text filter over 2,000 turbines drawn within a frame) is shown by `npm run bench:web:dashboard`, not timed here
it('filters 2,000 turbines: every turbine holding each word of the search, and only those', () => {
  const many = indexTurbines(Array.from({ length: 2000 }, (_, i) => makeTurbine({ id: i + 1, code: `T-${i}`, location: `Saha ${i}` })));
  for (let i = 0; i < 10; i++) {
    const found = applyFilters(many, { ...NO_FILTERS, text: `saha ${i}9` }).map((t) => t.location);
    // every word somewhere in what is searched: "saha" in each place, the digits in its number (code T-n, place Saha n)
    const expected = Array.from({ length: 2000 }, (_, n) => n)
      .filter((n) => String(n).includes(`${i}9`))
      .map((n) => `Saha ${n}`);
    expect(found.sort()).toEqual(expected.sort());
  }
});
