import { BLADES, type Blade, PHOTO_CATEGORIES, type Photo, type PhotoCategory } from '@windscope/contract';
import { sortByName } from '../viewer-common/photo-order.ts';

/** A blade zone of the year compare: a room of the blade's interior (360° photos) or an outside method (drone, operator,
 *  robot photos of the blade; their findings carry the surface). */
export type Zone = { kind: 'room'; room: number } | { kind: 'source'; source: PhotoCategory };

type ZonePhoto = Pick<Photo, 'id' | 'key' | 'originalName' | 'blade' | 'room' | 'category' | 'year'>;

export const zoneKey = (zone: Zone): string => (zone.kind === 'room' ? `room-${zone.room}` : zone.source);

export function parseZone(text: string | null | undefined): Zone | null {
  if (!text) return null;
  const room = /^room-(\d{1,4})$/.exec(text);
  if (room) {
    const n = Number(room[1]);
    return n >= 1 ? { kind: 'room', room: n } : null;
  }
  return (PHOTO_CATEGORIES as readonly string[]).includes(text) ? { kind: 'source', source: text as PhotoCategory } : null;
}

export function inZone(photo: ZonePhoto, blade: Blade, zone: Zone): boolean {
  if (photo.blade !== blade) return false;
  return zone.kind === 'room' ? photo.category === null && photo.room === zone.room : photo.category === zone.source;
}

/** The zone's photos of one year, in natural name order (the 360° viewer's). */
export function photosOf<T extends ZonePhoto>(photos: readonly T[], blade: Blade, zone: Zone, year: number): T[] {
  return sortByName(photos.filter((p) => p.year === year && inZone(p, blade, zone)));
}

/** The years that have photos of the zone, oldest first. */
export function yearsOf(photos: readonly ZonePhoto[], blade: Blade, zone: Zone): number[] {
  return [...new Set(photos.filter((p) => inZone(p, blade, zone)).map((p) => p.year))].sort((x, y) => x - y);
}

/** Every zone of a blade (rooms 1..max(turbine rooms, highest room with photos), then the outside methods) with its years. */
export function zonesOf(photos: readonly ZonePhoto[], blade: Blade, turbineRooms: number): { zone: Zone; years: number[] }[] {
  const highest = photos.reduce((max, p) => (p.blade === blade && p.category === null ? Math.max(max, p.room ?? 0) : max), 0);
  const rooms = Array.from({ length: Math.max(1, turbineRooms, highest) }, (_, i) => ({ kind: 'room', room: i + 1 }) as Zone);
  const sources = PHOTO_CATEGORIES.map((source) => ({ kind: 'source', source }) as Zone);
  return [...rooms, ...sources].map((zone) => ({ zone, years: yearsOf(photos, blade, zone) }));
}

/** Where the compare opens without a choice: the first zone (blade A first, rooms before outside) with photos in two
 *  years or more, else the first with any photo, else blade A room 1. */
export function firstComparable(photos: readonly ZonePhoto[], turbineRooms: number): { blade: Blade; zone: Zone } {
  let any: { blade: Blade; zone: Zone } | null = null;
  for (const blade of BLADES) {
    for (const { zone, years } of zonesOf(photos, blade, turbineRooms)) {
      if (years.length >= 2) return { blade, zone };
      if (years.length === 1 && !any) any = { blade, zone };
    }
  }
  return any ?? { blade: 'A', zone: { kind: 'room', room: 1 } };
}

/** The two years: the asked ones when the zone has photos in them, else the latest two (the older on the left). */
export function chooseYears(years: readonly number[], a: number | null, b: number | null): { a: number | null; b: number | null } {
  const has = (y: number | null): y is number => y !== null && years.includes(y);
  const latest = years.at(-1) ?? null;
  const right = has(b) ? b : latest;
  const left = has(a) ? a : (years.filter((y) => y !== right).at(-1) ?? right);
  return { a: left, b: right };
}

/** The photo of a side: the asked one when it is among the year's, else the first. */
export function choosePhoto<T extends { id: number }>(list: readonly T[], wanted: number | null): T | null {
  return list.find((p) => p.id === wanted) ?? list[0] ?? null;
}
