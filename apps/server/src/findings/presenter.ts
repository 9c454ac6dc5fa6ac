import { sql } from 'drizzle-orm';
import {
  type Blade,
  type Finding,
  type FindingEvent,
  type FindingStatus,
  type FindingSurface,
  type FindingType,
  type Geometry,
  isOverdue,
  type Observation,
  type ObservationKind,
  type PhotoCategory,
} from '@windscope/contract';
import { type findingEvents, findingObservations, findings, photos, users } from '../db/schema.ts';
import type { FileSigner } from '../files/file-holders.ts';
import { signFileUrl } from '../files/signed-urls.ts';

export type FindingRow = typeof findings.$inferSelect;
export type ObservationRow = typeof findingObservations.$inferSelect;
export type EventRow = typeof findingEvents.$inferSelect;

const fullName = sql<string | null>`case when ${users.id} is null then null else trim(${users.firstName} || ' ' || ${users.lastName}) end`;

/** Select these from findings left-joined with users (the author). */
export const findingColumns = { finding: findings, authorName: fullName };
export type FindingRecord = { finding: FindingRow; authorName: string | null };

export function presentFinding({ finding: f, authorName }: FindingRecord, now: Date): Finding {
  const status = f.status as FindingStatus;
  return {
    id: f.id,
    turbine_id: f.turbineId,
    blade: f.blade as Blade,
    surface: f.surface as FindingSurface,
    room: f.room,
    distance_from_root_m: f.distanceFromRootM,
    type: f.type as FindingType,
    severity: f.severity,
    depth_class: f.depthClass,
    length_mm: f.lengthMm,
    width_mm: f.widthMm,
    notes: f.notes,
    status,
    due_date: f.dueDate,
    overdue: isOverdue({ status, due_date: f.dueDate }, now),
    created_by: f.createdBy,
    created_by_name: authorName,
    repaired_by: f.repairedBy,
    version: f.version,
    first_seen_year: f.firstSeenYear,
    last_seen_year: f.lastSeenYear,
    observation_count: f.observationCount,
    created_at: f.createdAt.toISOString(),
    updated_at: f.updatedAt.toISOString(),
  };
}

/** Select these from finding_observations joined with photos, left-joined with users (who recorded it). */
export const observationColumns = {
  observation: findingObservations,
  authorName: fullName,
  photoKey: photos.storageKey,
  photoName: photos.originalName,
  photoCategory: photos.category,
  photoBlade: photos.blade,
  photoRoom: photos.room,
  photoYear: photos.year,
};
export type ObservationRecord = {
  observation: ObservationRow;
  authorName: string | null;
  photoKey: string;
  photoName: string;
  photoCategory: string | null;
  photoBlade: string | null;
  photoRoom: number | null;
  photoYear: number;
};

/** `expires`: the signed crop URL's expiry (seconds), as for photos. */
export function presentObservation(r: ObservationRecord, { secret, expires, holder }: FileSigner): Observation {
  const o = r.observation;
  return {
    id: o.id,
    finding_id: o.findingId,
    photo_id: o.photoId,
    kind: o.kind as ObservationKind,
    geometry: o.geometry as Geometry,
    severity: o.severity,
    length_mm: o.lengthMm,
    width_mm: o.widthMm,
    notes: o.notes,
    year: o.year,
    photo: {
      key: r.photoKey,
      original_name: r.photoName,
      category: r.photoCategory as PhotoCategory | null,
      blade: r.photoBlade as Blade | null,
      room: r.photoRoom,
      year: r.photoYear,
    },
    crop_url: o.cropKey ? signFileUrl(secret, { key: o.cropKey, kind: 'webp', expires, download: false, holder }) : null,
    created_by: o.createdBy,
    created_by_name: r.authorName,
    created_at: o.createdAt.toISOString(),
  };
}

export function presentEvent(e: EventRow): FindingEvent {
  return {
    id: e.id,
    kind: e.kind as FindingEvent['kind'],
    actor_id: e.actorId,
    actor_name: e.actorName,
    before: (e.before as Record<string, unknown> | null) ?? null,
    after: (e.after as Record<string, unknown> | null) ?? null,
    reason: e.reason,
    created_at: e.createdAt.toISOString(),
  };
}

/** The editable fields of a finding as the API names them: what events record before and after. */
export function findingFieldsOf(f: FindingRow) {
  return {
    blade: f.blade,
    surface: f.surface,
    room: f.room,
    distance_from_root_m: f.distanceFromRootM,
    type: f.type,
    severity: f.severity,
    depth_class: f.depthClass,
    length_mm: f.lengthMm,
    width_mm: f.widthMm,
    notes: f.notes,
    due_date: f.dueDate,
  };
}
