import type { GeoPoint } from '@windscope/contract';
import type { Exif } from 'sharp';

/** When and where a demo photo was taken, written into its EXIF as a camera would (issue 24 item 22: the viewers show
 *  it, with the distance from the turbine). */
export interface DemoCapture {
  takenAt: Date;
  position?: GeoPoint;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** EXIF's "YYYY:MM:DD HH:MM:SS", without an offset: the server keeps such a time as if it were UTC (media/exif.ts). */
const exifTime = (date: Date) =>
  `${date.getUTCFullYear()}:${pad(date.getUTCMonth() + 1)}:${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(
    date.getUTCMinutes(),
  )}:${pad(date.getUTCSeconds())}`;

/** Degrees as EXIF's three rationals: whole degrees, whole minutes, seconds to a hundredth. */
function rationals(value: number): string {
  const absolute = Math.abs(value);
  const degrees = Math.floor(absolute);
  const minutes = Math.floor((absolute - degrees) * 60);
  const hundredthsOfSeconds = Math.round(((absolute - degrees) * 60 - minutes) * 6000);
  return `${degrees}/1 ${minutes}/1 ${hundredthsOfSeconds}/100`;
}

/** sharp's withExif() input: the capture time in the Exif IFD, the position in the GPS IFD. */
export function captureExif(capture: DemoCapture): Exif {
  const exif: Exif = { IFD0: { Make: 'Windscope demo' }, IFD2: { DateTimeOriginal: exifTime(capture.takenAt) } };
  const { position } = capture;
  if (position) {
    exif.IFD3 = {
      GPSLatitudeRef: position.latitude < 0 ? 'S' : 'N',
      GPSLatitude: rationals(position.latitude),
      GPSLongitudeRef: position.longitude < 0 ? 'W' : 'E',
      GPSLongitude: rationals(position.longitude),
    };
  }
  return exif;
}

const METRES_PER_DEGREE = 111_195;

/** A point so many metres north and east of another (flat-earth steps, fine for a site's few kilometres). */
export function pointFrom(origin: GeoPoint, northMetres: number, eastMetres: number): GeoPoint {
  return {
    latitude: origin.latitude + northMetres / METRES_PER_DEGREE,
    longitude: origin.longitude + eastMetres / (METRES_PER_DEGREE * Math.cos((origin.latitude * Math.PI) / 180)),
  };
}
