import { describe, expect, it } from 'vitest';
import { choiceOf, PHOTO_SORT_CHOICES, readPhotoSort, sortOfChoice, writePhotoSort } from './photo-sort.ts';

describe('the all-photos order in the URL (issue 24 item 22)', () => {
  it('is by name when the URL says nothing or something unknown', () => {
    for (const search of ['', 'photoSort=size', 'photoSort=', 'photoDir=desc', 'photoSort=NAME']) {
      expect(readPhotoSort(new URLSearchParams(search))).toEqual({ key: 'name', direction: 'asc' });
    }
  });

  it('reads an order with its first direction (dates newest first) unless told', () => {
    expect(readPhotoSort(new URLSearchParams('photoSort=taken'))).toEqual({ key: 'taken', direction: 'desc' });
    expect(readPhotoSort(new URLSearchParams('photoSort=taken&photoDir=asc'))).toEqual({ key: 'taken', direction: 'asc' });
    expect(readPhotoSort(new URLSearchParams('photoSort=uploaded&photoDir=sideways'))).toEqual({ key: 'uploaded', direction: 'desc' });
    expect(readPhotoSort(new URLSearchParams('photoSort=name&photoDir=desc'))).toEqual({ key: 'name', direction: 'desc' });
  });

  it('writes only what differs from the default, and leaves other parameters alone', () => {
    const base = new URLSearchParams('finding=7');
    expect(
      writePhotoSort({ key: 'name', direction: 'asc' }, new URLSearchParams('photoSort=taken&photoDir=asc&finding=7')).toString(),
    ).toBe('finding=7');
    expect(writePhotoSort({ key: 'taken', direction: 'desc' }, base).toString()).toBe('finding=7&photoSort=taken');
    expect(writePhotoSort({ key: 'taken', direction: 'asc' }, base).toString()).toBe('finding=7&photoSort=taken&photoDir=asc');
    expect(writePhotoSort({ key: 'name', direction: 'desc' }, base).toString()).toBe('finding=7&photoSort=name&photoDir=desc');
  });

  it('round-trips every choice of the menu through the URL', () => {
    for (const choice of PHOTO_SORT_CHOICES) {
      const sort = sortOfChoice(choice);
      expect(choiceOf(sort)).toBe(choice);
      expect(readPhotoSort(writePhotoSort(sort, new URLSearchParams()))).toEqual(sort);
    }
    expect(sortOfChoice(null)).toEqual({ key: 'name', direction: 'asc' });
    expect(sortOfChoice('taken-up')).toEqual({ key: 'name', direction: 'asc' });
  });
});
