import { describe, expect, it } from 'vitest';
import { categoryPhoto, testPhoto } from '../test-photos.ts';
import { filterPhotos, hasActiveFilters, NO_FILTERS, photoType, photoYears } from './photo-filters.ts';

const photos = [
  testPhoto(1, { originalName: 'root_ww_01.jpg', year: 2025, room: 1 }),
  testPhoto(2, { originalName: 'tip_lw.jpg', year: 2024, room: 9, blade: 'C' }),
  categoryPhoto(3, 'drone', { originalName: 'DJI_0042.JPG', year: 2025 }),
  categoryPhoto(4, 'operator', { originalName: 'site_visit.png', year: 2023, uploader_name: 'Ayşe Işık' }),
  categoryPhoto(5, 'robot', { originalName: 'crawler_7.jpg', year: 2025 }),
  testPhoto(6, { originalName: 'room_12.jpg', year: 2025, room: 12 }),
];
const ids = (list: { id: number }[]) => list.map((p) => p.id);

describe('all-photos filters (spec §2 item 7)', () => {
  it('keeps everything without filters, in the given order', () => {
    expect(ids(filterPhotos(photos, NO_FILTERS))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(hasActiveFilters(NO_FILTERS)).toBe(false);
  });

  it('offers the years found, newest first', () => {
    expect(photoYears(photos)).toEqual([2025, 2024, 2023]);
  });

  it('filters by year', () => {
    expect(ids(filterPhotos(photos, { ...NO_FILTERS, year: 2024 }))).toEqual([2]);
  });

  it('filters by type: Kanat (no category), drone, operator, robot', () => {
    expect(photoType(photos[0] ?? testPhoto(0))).toBe('blade');
    expect(ids(filterPhotos(photos, { ...NO_FILTERS, type: 'blade' }))).toEqual([1, 2, 6]);
    expect(ids(filterPhotos(photos, { ...NO_FILTERS, type: 'drone' }))).toEqual([3]);
    expect(ids(filterPhotos(photos, { ...NO_FILTERS, type: 'operator' }))).toEqual([4]);
    expect(ids(filterPhotos(photos, { ...NO_FILTERS, type: 'robot' }))).toEqual([5]);
  });

  it('searches names, uploader and room label, case-insensitive in Turkish', () => {
    expect(ids(filterPhotos(photos, { ...NO_FILTERS, search: 'dji' }))).toEqual([3]);
    expect(ids(filterPhotos(photos, { ...NO_FILTERS, search: 'AYŞE' }))).toEqual([4]);
    expect(ids(filterPhotos(photos, { ...NO_FILTERS, search: 'ışık' }))).toEqual([4]);
    expect(ids(filterPhotos(photos, { ...NO_FILTERS, search: 'tip - lw' }))).toEqual([2]);
    expect(ids(filterPhotos(photos, { ...NO_FILTERS, search: 'oda 12' }))).toEqual([6]);
    expect(ids(filterPhotos(photos, { ...NO_FILTERS, search: 'room 12' }, 'Room'))).toEqual([6]);
    expect(filterPhotos(photos, { ...NO_FILTERS, search: 'nothing' })).toEqual([]);
    expect(hasActiveFilters({ ...NO_FILTERS, search: '  ' })).toBe(false);
  });

  it('combines the three filters', () => {
    expect(ids(filterPhotos(photos, { year: 2025, type: 'blade', search: 'ro' }))).toEqual([1, 6]);
  });
});
