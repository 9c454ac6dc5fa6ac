/** A point on the earth in decimal degrees (WGS 84, as EXIF GPS and the turbines' coordinates are). */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** One number: "38.4237", "-27", "38,4237" (a decimal comma), with an optional degree sign and hemisphere letter
 *  (N/S/E/W, or the Turkish K/G/D/B). */
const PART = String.raw`([+-]?\d{1,3}(?:[.,]\d+)?)\s*°?\s*([NSEWKGDBnsewkgdb])?`;
const PAIR = new RegExp(String.raw`^${PART}\s*(?:[,;/]\s*|\s+)${PART}$`);

const SOUTH_OR_WEST = /^[SWGB]$/i;

function signed(value: string, hemisphere: string | undefined): number {
  const n = Number(value.replace(',', '.'));
  return hemisphere && SOUTH_OR_WEST.test(hemisphere) ? -Math.abs(n) : n;
}

/** A turbine's coordinates text ("lat,lng", spec §3) as a point; null when absent or not a position on the earth.
 *  Written by people over the years, so it is read generously: spaces, a semicolon or a space between the two numbers,
 *  decimal commas ("38,4237, 27,1428"), degree signs and hemisphere letters ("38.42 N, 27.14 E"). A hemisphere letter
 *  must fit its place (N/S/K/G on the latitude, E/W/D/B on the longitude); anything else, or a number out of range, is null. */
export function parseCoordinates(text: string | null | undefined): GeoPoint | null {
  if (typeof text !== 'string') return null;
  const match = PAIR.exec(text.trim());
  if (!match) return null;
  const [, lat, latHemisphere, lng, lngHemisphere] = match;
  if (lat === undefined || lng === undefined) return null;
  if (latHemisphere && !/^[NSKG]$/i.test(latHemisphere)) return null;
  if (lngHemisphere && !/^[EWDB]$/i.test(lngHemisphere)) return null;
  const latitude = signed(lat, latHemisphere);
  const longitude = signed(lng, lngHemisphere);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** One coordinate as decimal text without rounding: "+038,4200" -> "38.42", "-0.0" -> "0"; the sign from the hemisphere
 *  letter (S/W/G/B) or the minus, as parseCoordinates signs it. The same text PostgreSQL's trim_scale(numeric)::text gives (migration 0019). */
function decimalText(raw: string, hemisphere: string | undefined): string {
  const [whole = '0', fraction = ''] = raw.replace(/^[+-]/, '').replace(',', '.').split('.');
  const integer = whole.replace(/^0+(?=\d)/, '');
  const decimals = fraction.replace(/0+$/, '');
  const body = decimals ? `${integer}.${decimals}` : integer;
  const negative = (hemisphere !== undefined && SOUTH_OR_WEST.test(hemisphere)) || raw.startsWith('-');
  return negative && body !== '0' ? `-${body}` : body;
}

/** The one stored form of a turbine's coordinates, "38.4237,27.1428" (issue 27 item 1): whatever parseCoordinates reads,
 *  written as plain decimal latitude,longitude with nothing lost; null when it does not read as a position. */
export function normalizeCoordinates(text: string | null | undefined): string | null {
  if (parseCoordinates(text) === null || typeof text !== 'string') return null;
  const match = PAIR.exec(text.trim());
  if (!match) return null;
  const [, lat = '', latHemisphere, lng = '', lngHemisphere] = match;
  return `${decimalText(lat, latHemisphere)},${decimalText(lng, lngHemisphere)}`;
}

/** The mean earth radius (IUGG), in metres. */
const EARTH_RADIUS_M = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points in metres (haversine; within 0.5 % of the ellipsoid anywhere). */
export function distanceInMetres(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}
