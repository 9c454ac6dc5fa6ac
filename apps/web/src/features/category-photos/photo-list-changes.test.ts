import type { Photo } from '@windscope/contract';
import { describe, expect, it } from 'vitest';
import { keepIfUnchanged, sameListing } from './photo-list-changes.ts';

function photo(id: number, overrides: Partial<Photo> = {}): Photo {
  const url = `/api/files/k${id}?k=jpeg&e=1000&s=abc`;
  return {
    id,
    key: `turbines/1/operator/2025/A/1/17-1-p${id}.jpg`,
    url,
    urls: { thumbnail: `${url}&t`, preview: `${url}&p`, original: url, zoom: null },
    originalName: `p${id}.jpg`,
    file_path: `turbines/1/operator/2025/A/1/17-1-p${id}.jpg`,
    room: null,
    blade: 'A',
    category: 'operator',
    year: 2025,
    month: 5,
    size: 1024 * 1024,
    width: 800,
    height: 600,
    mime_type: 'image/jpeg',
    sha256: 'x',
    taken_at: null,
    gps: null,
    upload_date: '2025-05-01T00:00:00.000Z',
    createdAt: '2025-05-01T00:00:00.000Z',
    lastModified: '2025-05-01T00:00:00.000Z',
    uploaded_by: 1,
    uploader_name: 'Mert Demir',
    uploader_email: 'operator@ege.example',
    uploadedBy: { name: 'Mert Demir' },
    ...overrides,
  };
}

describe('polling replaces the list only when it changed (spec §2)', () => {
  it('keeps the previous array when an equal listing arrives', () => {
    const previous = [photo(2), photo(1)];
    const next = [photo(2), photo(1)];
    expect(keepIfUnchanged(previous, next)).toBe(previous);
  });

  it('takes the new array when a photo was added', () => {
    const previous = [photo(1)];
    const next = [photo(2), photo(1)];
    expect(keepIfUnchanged(previous, next)).toBe(next);
  });

  it('takes the new array when a photo was removed, or the order changed', () => {
    expect(sameListing([photo(1), photo(2)], [photo(1)])).toBe(false);
    expect(sameListing([photo(1), photo(2)], [photo(2), photo(1)])).toBe(false);
  });

  it('takes the new array when the signed URLs were renewed', () => {
    const renewed = photo(1, { urls: { thumbnail: 't2', preview: 'p2', original: '/api/files/k1?k=jpeg&e=4600&s=def', zoom: null } });
    expect(keepIfUnchanged([photo(1)], [renewed])).toEqual([renewed]);
  });

  it('takes the first answer as it is', () => {
    const next = [photo(1)];
    expect(keepIfUnchanged(undefined, next)).toBe(next);
  });
});
