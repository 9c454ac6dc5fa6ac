import type { Photo, PhotoCategory, Report } from '@windscope/contract';

/** A photo as the API answers it, for the turbine page's tests. */
export function testPhoto(id: number, overrides: Partial<Photo> = {}): Photo {
  const name = overrides.originalName ?? `photo_${id}.jpg`;
  const key = `turbines/1/blade/2025/A/1/1700000000000-${id}-${name}`;
  return {
    id,
    key,
    url: `/api/files/${key}`,
    urls: { thumbnail: `/thumb/${id}.webp`, preview: `/preview/${id}.webp`, original: `/original/${id}`, zoom: null },
    originalName: name,
    file_path: key,
    room: 1,
    blade: 'A',
    category: null,
    year: 2025,
    month: 5,
    size: 1_572_864,
    width: 800,
    height: 600,
    mime_type: 'image/jpeg',
    sha256: 'f'.repeat(64),
    taken_at: null,
    gps: null,
    upload_date: '2025-05-01T10:00:00.000Z',
    createdAt: '2025-05-01T10:00:00.000Z',
    lastModified: '2025-05-01T10:00:00.000Z',
    uploaded_by: 4,
    uploader_name: 'Mert Demir',
    uploader_email: 'operator@ege.example',
    uploadedBy: { name: 'Mert Demir' },
    ...overrides,
  };
}

export const categoryPhoto = (id: number, category: PhotoCategory, overrides: Partial<Photo> = {}) =>
  testPhoto(id, { category, room: null, ...overrides });

export function testReport(id: number, overrides: Partial<Report> = {}): Report {
  return {
    id,
    original_filename: `report_${id}.pdf`,
    stored_filename: `1700000000000-abc${id}-report_${id}.pdf`,
    report_url: `/api/files/reports/${id}?download=1`,
    file_size_bytes: 2_621_440,
    uploaded_at: '2025-06-01T09:00:00.000Z',
    uploaded_by: 4,
    first_name: 'Mert',
    last_name: 'Demir',
    year: 2025,
    generated: false,
    inputs_hash: null,
    ...overrides,
  };
}
