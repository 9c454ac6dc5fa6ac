import { distanceInMetres, type GeoPoint, type Photo, parseCoordinates } from '@windscope/contract';

export interface CaptureFacts {
  /** EXIF capture time (ISO), null when the file had none */
  takenAt: string | null;
  /** EXIF GPS position, null when the file had none */
  position: GeoPoint | null;
  /** metres between that position and the turbine's coordinates; null when either is unknown */
  fromTurbine: number | null;
}

/** What a viewer's header says about where and when a photo was taken (issue 24 item 22). */
export function captureFacts(photo: Pick<Photo, 'taken_at' | 'gps'>, turbineCoordinates: string | null): CaptureFacts {
  const position = photo.gps && Number.isFinite(photo.gps.latitude) && Number.isFinite(photo.gps.longitude) ? photo.gps : null;
  const turbine = parseCoordinates(turbineCoordinates);
  return {
    takenAt: photo.taken_at,
    position,
    fromTurbine: position && turbine ? distanceInMetres(position, turbine) : null,
  };
}

export interface Hemispheres {
  north: string;
  south: string;
  east: string;
  west: string;
}

/** "39.18520° N 27.08700° E": five decimals (about a metre), the number in the language's style, the hemisphere by
 *  letter, so a Turkish decimal comma never reads as the separator of the pair. */
export function formatPosition(
  point: GeoPoint,
  letters: Hemispheres,
  number: (value: number, options: Intl.NumberFormatOptions) => string,
) {
  const degrees = (value: number) => `${number(Math.abs(value), { minimumFractionDigits: 5, maximumFractionDigits: 5 })}°`;
  return `${degrees(point.latitude)} ${point.latitude < 0 ? letters.south : letters.north} ${degrees(point.longitude)} ${
    point.longitude < 0 ? letters.west : letters.east
  }`;
}
