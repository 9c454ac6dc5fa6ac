import type { Blade } from '@windscope/contract';
import type { Origin, Placement, PlacementOrigins, QueueItem } from './queue.ts';

/**
 * Placement read from the photos (issue 15, item 4): what EXIF/XMP and the file name say about a photo's year, blade
 * and source. The worker turns exifr's output into PhotoFacts (plain, cloneable); suggestPlacement() combines them
 * with the zone's settings and says where each value came from.
 */
export interface PhotoFacts {
  /** capture time as written in the photo (ISO, no zone) */
  capturedAt?: string;
  year?: number;
  /** DJI drone XMP (gimbal angles, relative altitude, flight yaw) */
  drone?: boolean;
  gimbalYaw?: number;
  gimbalPitch?: number;
  relativeAltitude?: number;
  latitude?: number;
  longitude?: number;
  make?: string;
  model?: string;
}

function num(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** EXIF "2024:07:14 10:03:00", an ISO string or a Date (exifr revives dates): the local wall-clock time, ISO without zone. */
function captureTime(value: unknown): string | undefined {
  if (value instanceof Date && !Number.isNaN(value.getTime())) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}T${pad(value.getHours())}:${pad(value.getMinutes())}:${pad(value.getSeconds())}`;
  }
  const match = typeof value === 'string' ? /^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value) : null;
  return match ? `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}` : undefined;
}

/** exifr's merged output (`{ xmp: true, gps: true }`) to the facts the review table uses. */
export function factsFromExif(input: Record<string, unknown> | null | undefined): PhotoFacts {
  if (!input) return {};
  // XMP namespaces may come as blocks of their own ({ 'drone-dji': { GimbalYawDegree } }): read them as one level
  const raw: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value && typeof value === 'object' && !(value instanceof Date) && !Array.isArray(value)) {
      for (const [inner, innerValue] of Object.entries(value)) if (!(inner in raw)) raw[inner] = innerValue;
    } else raw[key] = value;
  }
  const facts: PhotoFacts = {};
  const capturedAt = captureTime(raw.DateTimeOriginal ?? raw.CreateDate ?? raw.DateTimeDigitized);
  if (capturedAt) {
    facts.capturedAt = capturedAt;
    facts.year = Number(capturedAt.slice(0, 4));
  }
  facts.gimbalYaw = num(raw.GimbalYawDegree);
  facts.gimbalPitch = num(raw.GimbalPitchDegree);
  facts.relativeAltitude = num(raw.RelativeAltitude);
  const flightYaw = num(raw.FlightYawDegree);
  facts.drone = facts.relativeAltitude !== undefined || flightYaw !== undefined || facts.gimbalYaw !== undefined;
  facts.latitude = num(raw.latitude);
  facts.longitude = num(raw.longitude);
  facts.make = text(raw.Make);
  facts.model = text(raw.Model);
  for (const key of Object.keys(facts) as (keyof PhotoFacts)[]) if (facts[key] === undefined) delete facts[key];
  return facts;
}

// "blade-B", "Blade_b", "KanatB", "kanat C", "pala_a": a blade word then the letter, any case
const BLADE_WORD = /(?:^|[^a-z])(?:blade|kanat|pala|blatt)[\s_.-]*([abc])(?![a-z0-9])/i;
// "B_0012", "WT07_C_0003", "x-A-1": the letter alone between separators, upper case only ("a_" is too common)
const BLADE_LETTER = /(?:^|[\s_.-])([ABC])(?=[\s_.-]|$)/;

/** The blade a file name points at, or null. */
export function bladeFromName(name: string): Blade | null {
  const stem = name.replace(/\.[^.]*$/, '');
  const match = BLADE_WORD.exec(stem) ?? BLADE_LETTER.exec(stem);
  return match?.[1] ? (match[1].toUpperCase() as Blade) : null;
}

// DJI drones name their photos "DJI_0042.JPG" or, on newer models, "DJI_20250614103012_0042_V.JPG" (the capture time,
// then a counter and the lens): both say drone, the second also the year, when the photo's own EXIF/XMP was stripped
// (issue 24 item 15)
const DJI_NAME = /^DJI_(?:(\d{4})(\d{2})(\d{2})(?:\d{6})?_)?\d+(?:_[A-Z]+)?$/i;

/** What a file name says about the photo: the drone that took it, and the capture year when the name carries it. */
export function factsFromName(name: string): { drone: boolean; year?: number } {
  const stem = name.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');
  const match = DJI_NAME.exec(stem);
  if (!match) return { drone: false };
  const [year, month, day] = [match[1], match[2], match[3]].map(Number);
  const validDate = year !== undefined && month !== undefined && day !== undefined && month >= 1 && month <= 12 && day >= 1 && day <= 31;
  return validDate && match[1] ? { drone: true, year } : { drone: true };
}

/** A capture year the app can file a photo under: not before 1990 and not after next year (a camera's clock may be wrong). */
function plausibleYear(year: number | undefined, now: Date): year is number {
  return year !== undefined && year >= 1990 && year <= now.getFullYear() + 1;
}

/** The year a photo says it was taken in: its EXIF/XMP capture date, else a DJI file name's date; none when neither
 *  is plausible. */
export function takenYearOf(name: string, facts: PhotoFacts, now: Date = new Date()): { year: number; from: 'photo' | 'name' } | undefined {
  if (plausibleYear(facts.year, now)) return { year: facts.year, from: 'photo' };
  const named = factsFromName(name).year;
  return plausibleYear(named, now) ? { year: named, from: 'name' } : undefined;
}

/**
 * The zone's settings, corrected by what the photo and its name say about blade and source; each value says where it
 * came from. The year stays the one chosen for the upload (issue 24 item 14: a capture date silently filed photos of
 * 2026 under 2024): the year the photo was taken in comes apart (takenYearOf), as a suggestion the review offers.
 */
export function suggestPlacement(
  name: string,
  facts: PhotoFacts,
  defaults: Placement,
): { placement: Placement; origins: PlacementOrigins } {
  const origins: { year: Origin; blade: Origin; source: Origin } = { year: 'default', blade: 'default', source: 'default' };
  const placement: Placement = { ...defaults };
  const named = factsFromName(name);
  const blade = bladeFromName(name);
  if (blade) {
    placement.blade = blade;
    origins.blade = 'name';
  }
  if (facts.drone) {
    placement.source = { kind: 'category', category: 'drone' };
    origins.source = 'photo';
  } else if (named.drone) {
    placement.source = { kind: 'category', category: 'drone' };
    origins.source = 'name';
  }
  return { placement, origins };
}

/** The review's offer (issue 24 item 14): the photos taken in another year than the one they are filed under, and those
 *  years, oldest first. */
export function takenYearOffers(items: readonly Pick<QueueItem, 'id' | 'placement' | 'takenYear'>[]): { ids: string[]; years: number[] } {
  const ids: string[] = [];
  const years = new Set<number>();
  for (const item of items) {
    if (!item.takenYear || item.takenYear.year === item.placement.year) continue;
    ids.push(item.id);
    years.add(item.takenYear.year);
  }
  return { ids, years: [...years].sort((a, b) => a - b) };
}
