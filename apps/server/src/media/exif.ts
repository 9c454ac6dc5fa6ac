import exifr from 'exifr';

export interface CaptureInfo {
  takenAt: Date | null;
  gps: { latitude: number; longitude: number } | null;
}

/** "2024:05:17 10:21:33" (+ "+03:00" when the camera recorded its offset). Without an offset the camera's wall-clock time
 *  is kept as if it were UTC, the same on every server whatever its time zone. */
export function parseExifDate(value: unknown, offset: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value.trim());
  if (!m) return null;
  const zone = typeof offset === 'string' && /^[+-]\d{2}:\d{2}$/.test(offset.trim()) ? offset.trim() : 'Z';
  const date = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${zone}`);
  return Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1900 ? null : date;
}

/** Capture date and GPS position from EXIF when the file carries them; nothing (not an error) otherwise. */
export async function readCaptureInfo(file: string): Promise<CaptureInfo> {
  try {
    const tags = (await exifr.parse(file, {
      tiff: true,
      exif: true,
      gps: true,
      ifd1: false,
      xmp: false,
      icc: false,
      iptc: false,
      jfif: false,
      ihdr: false,
      reviveValues: false,
      pick: ['DateTimeOriginal', 'CreateDate', 'OffsetTimeOriginal', 'GPSLatitude', 'GPSLongitude', 'GPSLatitudeRef', 'GPSLongitudeRef'],
    })) as Record<string, unknown> | undefined;
    if (!tags) return { takenAt: null, gps: null };
    const { latitude, longitude } = tags;
    const gps =
      typeof latitude === 'number' && typeof longitude === 'number' && Number.isFinite(latitude) && Number.isFinite(longitude)
        ? { latitude, longitude }
        : null;
    const takenAt = parseExifDate(tags.DateTimeOriginal, tags.OffsetTimeOriginal) ?? parseExifDate(tags.CreateDate, null);
    return { takenAt, gps };
  } catch {
    return { takenAt: null, gps: null };
  }
}
