import { describe, expect, it } from 'vitest';
import { comparePath } from './compare-path.ts';
import { choosePhoto, chooseYears, firstComparable, parseZone, photosOf, yearsOf, zoneKey, zonesOf } from './compare-zones.ts';

let next = 1;
const photo = (
  year: number,
  blade: 'A' | 'B' | 'C',
  where: { room?: number; category?: 'drone' | 'operator' | 'robot' },
  name = `p${next}.jpg`,
) => ({
  id: next++,
  key: `k/${name}`,
  originalName: name,
  blade,
  room: where.room ?? null,
  category: where.category ?? null,
  year,
});

describe('blade zones of the year compare', () => {
  const photos = [
    photo(2025, 'A', { room: 1 }, 'pano-10.jpg'),
    photo(2026, 'A', { room: 1 }, 'pano-2.jpg'),
    photo(2026, 'A', { room: 1 }, 'pano-1.jpg'),
    photo(2024, 'A', { category: 'drone' }),
    photo(2026, 'A', { category: 'drone' }),
    photo(2026, 'B', { room: 2 }),
  ];

  it('reads and writes zone keys, refusing anything else', () => {
    expect(parseZone('room-3')).toEqual({ kind: 'room', room: 3 });
    expect(parseZone('drone')).toEqual({ kind: 'source', source: 'drone' });
    expect(parseZone('room-0')).toBeNull();
    expect(parseZone('roof')).toBeNull();
    expect(zoneKey({ kind: 'room', room: 2 })).toBe('room-2');
  });

  it('offers only the years that have photos of the zone', () => {
    expect(yearsOf(photos, 'A', { kind: 'room', room: 1 })).toEqual([2025, 2026]);
    expect(yearsOf(photos, 'A', { kind: 'source', source: 'drone' })).toEqual([2024, 2026]);
    expect(yearsOf(photos, 'B', { kind: 'room', room: 1 })).toEqual([]);
    const zones = zonesOf(photos, 'B', 1);
    expect(zones.map((z) => zoneKey(z.zone))).toEqual(['room-1', 'room-2', 'drone', 'operator', 'robot']);
    expect(zones[1]?.years).toEqual([2026]);
  });

  it('lists a year’s photos in natural name order and keeps a room apart from the outside', () => {
    expect(photosOf(photos, 'A', { kind: 'room', room: 1 }, 2026).map((p) => p.originalName)).toEqual(['pano-1.jpg', 'pano-2.jpg']);
    expect(photosOf(photos, 'A', { kind: 'source', source: 'drone' }, 2026)).toHaveLength(1);
  });

  it('opens the first zone with two years', () => {
    expect(firstComparable(photos, 1)).toEqual({ blade: 'A', zone: { kind: 'room', room: 1 } });
    expect(firstComparable([photo(2026, 'C', { category: 'robot' })], 1)).toEqual({
      blade: 'C',
      zone: { kind: 'source', source: 'robot' },
    });
  });

  it('chooses the latest two years unless asked, older on the left', () => {
    expect(chooseYears([2024, 2025, 2026], null, null)).toEqual({ a: 2025, b: 2026 });
    expect(chooseYears([2024, 2025, 2026], 2024, null)).toEqual({ a: 2024, b: 2026 });
    expect(chooseYears([2024, 2025, 2026], 2030, 2025)).toEqual({ a: 2026, b: 2025 });
    expect(chooseYears([2026], null, null)).toEqual({ a: 2026, b: 2026 });
    expect(chooseYears([], 2025, 2026)).toEqual({ a: null, b: null });
  });

  it('picks the asked photo of a side, else the first', () => {
    const list = [{ id: 4 }, { id: 9 }];
    expect(choosePhoto(list, 9)).toEqual({ id: 9 });
    expect(choosePhoto(list, 7)).toEqual({ id: 4 });
    expect(choosePhoto([], 7)).toBeNull();
  });

  it('builds a shareable address', () => {
    expect(comparePath(5, { blade: 'A', zone: 'room-1', a: 2025, b: 2026, pa: null })).toBe(
      '/dashboard/turbine/5/compare?blade=A&zone=room-1&a=2025&b=2026',
    );
    expect(comparePath(5)).toBe('/dashboard/turbine/5/compare');
  });
});

describe('a finding opens its own zone and years', () => {
  const sighting = (photo_id: number, year: number, category: 'drone' | null, room: number | null = null) => ({
    photo_id,
    year,
    photo: { category, room },
  });
  it('inside: its blade and room, its last two years on the photos it was seen on', async () => {
    const { compareLinkOfFinding } = await import('./compare-path.ts');
    const link = compareLinkOfFinding({
      blade: 'A',
      surface: 'interior',
      room: 1,
      observations: [sighting(30, 2026, null, 1), sighting(10, 2024, null, 1), sighting(20, 2025, null, 1)],
    });
    expect(link).toEqual({ blade: 'A', zone: 'room-1', a: 2025, b: 2026, pa: 20, pb: 30 });
  });
  it('outside: the method of its latest photo; one year only leaves the left year to the zone', async () => {
    const { compareLinkOfFinding } = await import('./compare-path.ts');
    const link = compareLinkOfFinding({ blade: 'B', surface: 'LE', room: null, observations: [sighting(7, 2026, 'drone')] });
    expect(link).toEqual({ blade: 'B', zone: 'drone', a: null, b: 2026, pa: null, pb: 7 });
  });
});

describe('one zoom and pan for two pictures (flat pair)', () => {
  it('keeps the offset as a fraction of each fitted picture, whatever its size or aspect', async () => {
    const { centreOf, sharedViewOf } = await import('../deep-zoom/zoom-view.ts');
    // OpenSeadragon's coordinates: a picture 1 wide; at ×2 about a centre a quarter left of the picture's middle
    const wide = { x: 0, y: 0, width: 1, height: 0.75 };
    const shared = sharedViewOf(2, { x: 0.25, y: 0.375 }, wide);
    expect(shared).toEqual({ zoom: 2, x: 0.5, y: 0 });
    // the other year's picture, taller, shows the same part: its centre a quarter of its width left of its middle
    const tall = { x: 0, y: 0, width: 1, height: 1.5 };
    expect(centreOf(shared, tall)).toEqual({ x: 0.25, y: 0.75 });
    // and back: one view for both
    expect(sharedViewOf(2, centreOf(shared, tall), tall)).toEqual(shared);
  });
});
