import { describe, expect, it } from 'vitest';
import { bladeFromName, factsFromExif, factsFromName, suggestPlacement, takenYearOf, takenYearOffers } from './placement.ts';
import type { Placement } from './queue.ts';

const NOW = new Date('2026-11-25T12:00:00Z');
const ROOM_DEFAULT: Placement = { year: 2026, blade: 'A', source: { kind: 'room', room: 2 } };
const OPERATOR_DEFAULT: Placement = { year: 2025, blade: 'C', source: { kind: 'category', category: 'operator' } };

// what exifr 7 answers for a DJI Mavic 3 Enterprise photo with { xmp: true, gps: true } (XMP values are strings)
const DJI_EXIF = {
  Make: 'DJI',
  Model: 'M3E',
  DateTimeOriginal: new Date(2024, 6, 14, 10, 3, 0),
  GimbalYawDegree: '+12.30',
  GimbalPitchDegree: '-35.00',
  FlightYawDegree: '+11.9',
  RelativeAltitude: '+78.412',
  latitude: 38.4237,
  longitude: 27.1428,
};
// a phone photo from the nacelle: EXIF only
const PHONE_EXIF = { Make: 'samsung', Model: 'SM-G991B', DateTimeOriginal: '2023:09:02 16:41:07' };

describe('blade from the file name', () => {
  it.each([
    ['B_0012.jpg', 'B'],
    ['blade-B_001.JPG', 'B'],
    ['KanatB_4.jpg', 'B'],
    ['kanat_c.png', 'C'],
    ['WT07_C_0003.jpg', 'C'],
    ['Blade A tip.jpg', 'A'],
    ['pala-a-12.jpg', 'A'],
  ])('%s -> %s', (name, blade) => expect(bladeFromName(name)).toBe(blade));

  it.each(['DJI_0001.JPG', 'IMG_20240714_100300.jpg', 'a_b_c.jpg', 'scan.pcd', 'Cable_1.jpg', 'BAC_1.jpg'])('%s -> none', (name) =>
    expect(bladeFromName(name)).toBeNull(),
  );
});

describe('facts from EXIF/XMP', () => {
  it('reads a DJI drone photo: capture time, gimbal, altitude, GPS, drone', () => {
    expect(factsFromExif(DJI_EXIF)).toEqual({
      capturedAt: '2024-07-14T10:03:00',
      year: 2024,
      drone: true,
      gimbalYaw: 12.3,
      gimbalPitch: -35,
      relativeAltitude: 78.412,
      latitude: 38.4237,
      longitude: 27.1428,
      make: 'DJI',
      model: 'M3E',
    });
  });
  it('reads EXIF date strings; a phone photo is no drone; nothing from nothing', () => {
    expect(factsFromExif(PHONE_EXIF)).toMatchObject({ capturedAt: '2023-09-02T16:41:07', year: 2023, drone: false });
    expect(factsFromExif(undefined)).toEqual({});
    expect(factsFromExif({ 'drone-dji': { RelativeAltitude: '+5.1', GimbalPitchDegree: '-90.0' } })).toMatchObject({
      drone: true,
      relativeAltitude: 5.1,
      gimbalPitch: -90,
    });
    expect(factsFromExif({ DateTimeOriginal: 'yesterday' })).toEqual({ drone: false });
  });
});

describe('placement suggestions', () => {
  it('takes the drone source from the photo and the blade from the name, and says so; the chosen year stays', () => {
    const { placement, origins } = suggestPlacement('WT07_B_0001.JPG', factsFromExif(DJI_EXIF), OPERATOR_DEFAULT);
    expect(placement).toEqual({ year: OPERATOR_DEFAULT.year, blade: 'B', source: { kind: 'category', category: 'drone' } });
    expect(origins).toEqual({ year: 'default', blade: 'name', source: 'photo' });
  });
  it("keeps the zone's settings when the photo says nothing", () => {
    const { placement, origins } = suggestPlacement('IMG_0001.jpg', {}, ROOM_DEFAULT);
    expect(placement).toEqual(ROOM_DEFAULT);
    expect(origins).toEqual({ year: 'default', blade: 'default', source: 'default' });
  });
  it('reads drone from DJI file names when the photo itself says nothing (issue 24 item 15)', () => {
    const { placement, origins } = suggestPlacement('DJI_20240614103012_0042_V.JPG', {}, OPERATOR_DEFAULT);
    expect(placement).toMatchObject({ year: OPERATOR_DEFAULT.year, source: { kind: 'category', category: 'drone' } });
    expect(origins).toMatchObject({ year: 'default', source: 'name' });
    const older = suggestPlacement('DJI_0042.JPG', {}, OPERATOR_DEFAULT);
    expect(older.placement).toMatchObject({ year: OPERATOR_DEFAULT.year, source: { kind: 'category', category: 'drone' } });
    expect(older.origins).toMatchObject({ year: 'default', source: 'name' });
    // names that only look alike are not drones
    for (const name of ['IMG_0042.JPG', 'DJI.JPG', 'my_DJI_0042.jpg', 'DJI_2025x_0042.JPG']) {
      expect(factsFromName(name), name).toEqual({ drone: false });
    }
    expect(factsFromName('DJI_20251399103012_0042_V.JPG')).toEqual({ drone: true });
  });
});

describe('the year a photo was taken in (issue 24 item 14: offered, never taken by itself)', () => {
  it('comes from the capture date, else from a DJI name with a date', () => {
    expect(takenYearOf('WT07_B_0001.JPG', factsFromExif(DJI_EXIF), NOW)).toEqual({ year: 2024, from: 'photo' });
    expect(takenYearOf('DJI_20240614103012_0042_V.JPG', {}, NOW)).toEqual({ year: 2024, from: 'name' });
    // the photo's own capture time wins over the name's
    expect(takenYearOf('DJI_20240614103012_0042_V.JPG', { year: 2023 }, NOW)).toEqual({ year: 2023, from: 'photo' });
    expect(takenYearOf('DJI_0042.JPG', {}, NOW)).toBeUndefined();
    expect(takenYearOf('x.jpg', factsFromExif(PHONE_EXIF), NOW)).toEqual({ year: 2023, from: 'photo' });
  });
  it('ignores a camera clock that was never set (1980) or runs ahead', () => {
    expect(takenYearOf('x.jpg', { year: 1980 }, NOW)).toBeUndefined();
    expect(takenYearOf('x.jpg', { year: 2031 }, NOW)).toBeUndefined();
    expect(takenYearOf('x.jpg', { year: 2027 }, NOW)).toEqual({ year: 2027, from: 'photo' });
  });
  it('is offered for the photos filed under another year, with those years', () => {
    const row = (id: string, year: number, taken?: number) => ({
      id,
      placement: { ...ROOM_DEFAULT, year },
      ...(taken ? { takenYear: { year: taken, from: 'photo' as const } } : {}),
    });
    const offers = takenYearOffers([
      row('a', 2026, 2024),
      row('b', 2026, 2026),
      row('c', 2026),
      row('d', 2026, 2023),
      row('e', 2024, 2024),
    ]);
    expect(offers).toEqual({ ids: ['a', 'd'], years: [2023, 2024] });
    expect(takenYearOffers([row('b', 2026, 2026)])).toEqual({ ids: [], years: [] });
  });
});
