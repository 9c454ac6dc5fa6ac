import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    contactEmail: varchar('contact_email', { length: 254 }),
    authorizedNumber: varchar('authorized_number', { length: 120 }),
    phone: varchar('phone', { length: 40 }),
    address: varchar('address', { length: 300 }),
    /** the platform operator's own company (spec's id 999): hidden, never deleted */
    isInternal: boolean('is_internal').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('companies_name_unique').on(sql`lower(trim(${t.name}))`)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    firstName: varchar('first_name', { length: 80 }).notNull(),
    lastName: varchar('last_name', { length: 80 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    /** the address's confusable skeleton (users/email-identity.ts): unique, so a look-alike of an address is refused;
     *  null until the server first fills it (rows written before it existed, seeds and benchmarks) */
    emailSkeleton: varchar('email_skeleton', { length: 1024 }),
    passwordHash: text('password_hash').notNull(),
    role: varchar('role', { length: 32 }).notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    isActive: boolean('is_active').notNull().default(true),
    /** the bootstrap superadmin (spec's user 35): never edited or deleted through the users page */
    isProtected: boolean('is_protected').notNull().default(false),
    /** the language of the user's last sign-in ('tr' | 'en'): e-mails to the account speak it */
    language: varchar('language', { length: 2 }),
    /** issue 16: escalation e-mails and the daily overdue digest; the user turns them off for themselves */
    emailNotifications: boolean('email_notifications').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_email_skeleton_unique').on(t.emailSkeleton),
    index('users_company_idx').on(t.companyId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** when the user signed in: a refresh carries it over, and no session outlives it by more than SESSION_MAX_DAYS */
    signedInAt: timestamp('signed_in_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** the id of the session the sign-in made: every session refreshed from it shares it, and a logout ends them all */
    familyId: varchar('family_id', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
    ip: varchar('ip', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_family_idx').on(t.familyId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself exists only in the e-mailed link */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash)],
);

/** Personal API tokens (DECISIONS §17): `wsk_` + 32 random bytes, shown once; only its SHA-256 is kept (a high-entropy
 *  secret needs no slow hash) and its first characters, to tell tokens apart in the list. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    /** 'read' | 'read_write' */
    scope: varchar('scope', { length: 16 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    hint: varchar('hint', { length: 16 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** recorded at most once a minute per token */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_tokens_hash_unique').on(t.tokenHash), index('api_tokens_user_idx').on(t.userId)],
);

/** Single-use sign-in links (the way out of a rate-limited sign-in), e-mailed to the account's owner. */
/** A manager's change of a user's e-mail address, waiting for the new address to confirm it (issue 13: the answer to the
 *  manager is the same whoever holds the address). One per user: a new request replaces it; the confirmation deletes it. */
export const emailChanges = pgTable('email_changes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** normalized, as typed by the manager */
  newEmail: varchar('new_email', { length: 254 }).notNull(),
  /** SHA-256 of the token; the token itself exists only in the e-mailed link */
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique('email_changes_hash_unique'),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: createdAt(),
});

export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself exists only in the e-mailed link */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sign_in_links_hash_unique').on(t.tokenHash), index('sign_in_links_user_idx').on(t.userId)],
);

export const turbines = pgTable(
  'turbines',
  {
    id: serial('id').primaryKey(),
    turbineName: varchar('turbine_name', { length: 120 }),
    name: varchar('name', { length: 120 }),
    city: varchar('city', { length: 80 }).notNull(),
    code: varchar('code', { length: 60 }).notNull(),
    location: varchar('location', { length: 200 }).notNull(),
    siteName: varchar('site_name', { length: 120 }),
    /** "latitude,longitude" as normalizeCoordinates writes it (issue 27; migration 0019 normalised the older text) */
    coordinates: varchar('coordinates', { length: 64 }),
    /** older coordinates text that did not read as a position, kept as it was to be corrected (migration 0019) */
    coordinatesUnreadable: varchar('coordinates_unreadable', { length: 64 }),
    // asset data (DECISIONS §18), all optional
    manufacturer: varchar('manufacturer', { length: 120 }),
    model: varchar('model', { length: 120 }),
    ratedPowerKw: doublePrecision('rated_power_kw'),
    hubHeightM: doublePrecision('hub_height_m'),
    rotorDiameterM: doublePrecision('rotor_diameter_m'),
    bladeLengthM: doublePrecision('blade_length_m'),
    bladeType: varchar('blade_type', { length: 120 }),
    commissioningDate: date('commissioning_date', { mode: 'string' }),
    bladeSerialA: varchar('blade_serial_a', { length: 80 }),
    bladeSerialB: varchar('blade_serial_b', { length: 80 }),
    bladeSerialC: varchar('blade_serial_c', { length: 80 }),
    rooms: integer('rooms').notNull().default(3),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    status: varchar('status', { length: 20 }).notNull().default('active'),
    /** kept by triggers on photos (migration 0001): the number of its photos */
    photoCount: integer('photo_count').notNull().default(0),
    /** kept by triggers on photos: grows whenever its photo listing changes (a photo added or removed, an uploader gone) */
    photoVersion: integer('photo_version').notNull().default(0),
    /** kept by triggers on findings (migration 0007): grows whenever one of its findings is added, changed or removed
     *  (the kept findings listings and overlays are of this version) */
    findingVersion: integer('finding_version').notNull().default(0),
    /** kept by the same triggers: its open findings (confirmed, monitoring, repair planned) of each severity 1..5, so
     *  the turbine list's health (worst open severity, open count) reads no finding; only the overdue count, which
     *  moves with the day, reads the overdue ones (findings_open_idx) */
    openSeverity1: integer('open_severity_1').notNull().default(0),
    openSeverity2: integer('open_severity_2').notNull().default(0),
    openSeverity3: integer('open_severity_3').notNull().default(0),
    openSeverity4: integer('open_severity_4').notNull().default(0),
    openSeverity5: integer('open_severity_5').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('turbines_company_idx').on(t.companyId),
    // a code names one turbine within its company, whatever its case or surrounding spaces
    uniqueIndex('turbines_company_code_unique').on(t.companyId, sql`lower(trim(${t.code}))`),
  ],
);

export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    turbineId: integer('turbine_id')
      .notNull()
      .references(() => turbines.id, { onDelete: 'cascade' }),
    storageKey: varchar('storage_key', { length: 500 }).notNull(),
    originalName: varchar('original_name', { length: 200 }).notNull(),
    room: integer('room'),
    blade: varchar('blade', { length: 1 }),
    category: varchar('category', { length: 16 }),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    width: integer('width'),
    height: integer('height'),
    takenAt: timestamp('taken_at', { withTimezone: true, mode: 'date' }),
    gpsLatitude: doublePrecision('gps_latitude'),
    gpsLongitude: doublePrecision('gps_longitude'),
    thumbnailKey: varchar('thumbnail_key', { length: 500 }),
    previewKey: varchar('preview_key', { length: 500 }),
    /** thumbnail and preview: 'pending' (queued), 'working' (claimed at derivativesClaimedAt), 'ready', 'failed'
     *  (the image, or a .pcd cloud drawn from above, cannot be read) or 'none' (older clouds before migration 0024) */
    derivatives: varchar('derivatives', { length: 10 }).notNull().default('pending'),
    derivativesClaimedAt: timestamp('derivatives_claimed_at', { withTimezone: true, mode: 'date' }),
    /** the Deep Zoom tile pyramid (DECISIONS §16) of an image over 2,048 px on its long side: 'pending', 'working'
     *  (claimed at tilesClaimedAt), 'ready', 'failed' or 'none' (small, or not an image); asked for by a viewer at
     *  tilesRequestedAt, which puts it ahead of the backfill */
    tiles: varchar('tiles', { length: 10 }).notNull().default('none'),
    tilesClaimedAt: timestamp('tiles_claimed_at', { withTimezone: true, mode: 'date' }),
    tilesRequestedAt: timestamp('tiles_requested_at', { withTimezone: true, mode: 'date' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('photos_turbine_idx').on(t.turbineId, t.year),
    // the listing's order (newest first) within a turbine
    index('photos_turbine_created_idx').on(t.turbineId, t.createdAt, t.id),
    // the derivative queue: only the few rows still to do are indexed
    index('photos_derivatives_todo_idx').on(t.id).where(sql`${t.derivatives} in ('pending', 'working')`),
    // the tile queue: likewise
    index('photos_tiles_todo_idx').on(t.id).where(sql`${t.tiles} in ('pending', 'working')`),
    uniqueIndex('photos_turbine_name_unique').on(t.turbineId, sql`lower(${t.originalName})`),
    uniqueIndex('photos_storage_key_unique').on(t.storageKey),
    // the known-hashes question (DECISIONS §13): which of these SHA-256 a turbine already holds
    index('photos_turbine_sha256_idx').on(t.turbineId, t.sha256),
  ],
);

/** Resumable (tus) photo uploads (DECISIONS §13, uploads/tus/): one row per upload, shared by every process. It holds who
 *  may touch the upload, where its photo goes, the tus store's own record of it (`info`: the file store's config, the S3
 *  store's metadata cache), its lock (a lease: lockToken until lockUntil; releaseRequested asks the holder to let go) and,
 *  once the last byte has gone through the photo pipeline, how it ended (`outcome`). A turbine or user deleted leaves
 *  the row without them (set null): such rows and their bytes are removed at once by the turbine delete, or by the sweep. */
export const tusUploads = pgTable(
  'tus_uploads',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    turbineId: integer('turbine_id').references(() => turbines.id, { onDelete: 'set null' }),
    /** the parsed Upload-Metadata (contract tusPhotoMetadataSchema) */
    metadata: jsonb('metadata').notNull(),
    length: bigint('length', { mode: 'number' }).notNull(),
    info: jsonb('info'),
    /** 'receiving' (bytes arriving), 'finishing' (the pipeline works on it since finishingAt), 'done' (outcome kept) */
    state: varchar('state', { length: 12 }).notNull().default('receiving'),
    finishingAt: timestamp('finishing_at', { withTimezone: true, mode: 'date' }),
    outcome: jsonb('outcome'),
    lockToken: varchar('lock_token', { length: 64 }),
    lockUntil: timestamp('lock_until', { withTimezone: true, mode: 'date' }),
    releaseRequested: boolean('release_requested').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('tus_uploads_expires_idx').on(t.expiresAt),
    index('tus_uploads_turbine_idx').on(t.turbineId),
    index('tus_uploads_user_idx').on(t.userId),
  ],
);

export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    turbineId: integer('turbine_id')
      .notNull()
      .references(() => turbines.id, { onDelete: 'cascade' }),
    storageKey: varchar('storage_key', { length: 500 }).notNull(),
    originalFilename: varchar('original_filename', { length: 200 }).notNull(),
    storedFilename: varchar('stored_filename', { length: 260 }).notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    year: integer('year').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** made by the server from the reviewed findings (issue 17), not uploaded */
    generated: boolean('generated').notNull().default(false),
    /** generated reports: SHA-256 of the canonical JSON of everything the document shows but its issue date */
    inputsHash: varchar('inputs_hash', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index('reports_turbine_idx').on(t.turbineId, t.year)],
);

export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    turbineId: integer('turbine_id')
      .notNull()
      .references(() => turbines.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** kept so a comment still shows its author after the account is deleted */
    userName: varchar('user_name', { length: 170 }).notNull(),
    body: varchar('comment', { length: 500 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('comments_turbine_idx').on(t.turbineId, t.createdAt)],
);

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  email: varchar('email', { length: 254 }),
  phone: varchar('phone', { length: 40 }),
  subject: varchar('subject', { length: 200 }).notNull(),
  message: text('message').notNull(),
  ip: varchar('ip', { length: 64 }),
  createdAt: createdAt(),
});

/** Shared counters for rate limits when no Redis is configured (survive restarts, shared across processes on PostgreSQL). */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: varchar('key', { length: 300 }).primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Versions of the listings kept serialized in each process (name 'turbines': the turbine list). Triggers bump a
 *  listing's version in the same transaction as any change to what it shows (migration 0002), so a process checks
 *  its copy with one primary-key read. */
export const listVersions = pgTable('list_versions', {
  name: varchar('name', { length: 40 }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** Findings (DECISIONS §12): one damage at one place on one blade. The turbine scopes it (its company is the tenant);
 *  severity is its latest observation's; version grows with every change (stale edits are 409). */
export const findings = pgTable(
  'findings',
  {
    id: serial('id').primaryKey(),
    turbineId: integer('turbine_id')
      .notNull()
      .references(() => turbines.id, { onDelete: 'cascade' }),
    blade: varchar('blade', { length: 1 }).notNull(),
    surface: varchar('surface', { length: 10 }).notNull(),
    room: integer('room'),
    distanceFromRootM: doublePrecision('distance_from_root_m'),
    type: varchar('type', { length: 24 }).notNull(),
    severity: integer('severity').notNull(),
    depthClass: integer('depth_class'),
    lengthMm: doublePrecision('length_mm'),
    widthMm: doublePrecision('width_mm'),
    notes: varchar('notes', { length: 2000 }),
    status: varchar('status', { length: 16 }).notNull().default('draft'),
    dueDate: date('due_date', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    repairedBy: integer('repaired_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    /** years of the photos it was seen on, kept with its observations */
    firstSeenYear: integer('first_seen_year').notNull(),
    lastSeenYear: integer('last_seen_year').notNull(),
    observationCount: integer('observation_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('findings_turbine_idx').on(t.turbineId, t.severity),
    // turbine health: the overdue count (open findings due before today) is a range of this index
    index('findings_open_idx').on(t.turbineId, t.dueDate).where(sql`${t.status} in ('confirmed', 'monitoring', 'repair_planned')`),
    // link suggestions (issue 16): same turbine, blade and surface, a ±1 m range of distance from the root
    index('findings_place_idx').on(t.turbineId, t.blade, t.surface, t.distanceFromRootM),
  ],
);

/** One sighting of a finding: a shape on one photo of the same turbine, with its evidence crop. A photo with an
 *  observation cannot be deleted (no action: the turbine's cascade removes both in one statement). */
export const findingObservations = pgTable(
  'finding_observations',
  {
    id: serial('id').primaryKey(),
    findingId: integer('finding_id')
      .notNull()
      .references(() => findings.id, { onDelete: 'cascade' }),
    turbineId: integer('turbine_id')
      .notNull()
      .references(() => turbines.id, { onDelete: 'cascade' }),
    photoId: integer('photo_id')
      .notNull()
      .references(() => photos.id),
    /** 'sighting' or 'repair' (repair evidence) */
    kind: varchar('kind', { length: 10 }).notNull().default('sighting'),
    geometry: jsonb('geometry').notNull(),
    severity: integer('severity').notNull(),
    lengthMm: doublePrecision('length_mm'),
    widthMm: doublePrecision('width_mm'),
    notes: varchar('notes', { length: 2000 }),
    year: integer('year').notNull(),
    cropKey: varchar('crop_key', { length: 500 }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('finding_observations_finding_idx').on(t.findingId, t.id),
    index('finding_observations_photo_idx').on(t.photoId),
    // issue 16: a turbine's worst severity per year (the dashboard's trend)
    index('finding_observations_turbine_year_idx').on(t.turbineId, t.year),
  ],
);

/** The finding's history, append-only: a trigger refuses UPDATE (migration 0003); rows go only with their finding. */
export const findingEvents = pgTable(
  'finding_events',
  {
    id: serial('id').primaryKey(),
    findingId: integer('finding_id')
      .notNull()
      .references(() => findings.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 24 }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** kept so the history still names its author after the account is deleted */
    actorName: varchar('actor_name', { length: 170 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: varchar('reason', { length: 2000 }),
    createdAt: createdAt(),
  },
  (t) => [index('finding_events_finding_idx').on(t.findingId, t.id)],
);

/** Link suggestions refused (issue 16): the later finding and the earlier one it will not be linked to; the pair is
 *  never suggested again. The refusal is also a 'link_dismissed' event in the later finding's history. */
export const findingLinkDismissals = pgTable(
  'finding_link_dismissals',
  {
    findingId: integer('finding_id')
      .notNull()
      .references(() => findings.id, { onDelete: 'cascade' }),
    targetId: integer('target_id')
      .notNull()
      .references(() => findings.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.findingId, t.targetId] }), index('finding_link_dismissals_target_idx').on(t.targetId)],
);

/** Escalations (issue 16): a finding's severity went up (or a new one reached 4 or 5), or its repair became overdue.
 *  Recorded in the transaction that changed the severity; an overdue one once per finding and due date (overdue_key
 *  unique: every process's periodic check inserts with ON CONFLICT DO NOTHING, the inserter notifies). */
export const findingEscalations = pgTable(
  'finding_escalations',
  {
    id: serial('id').primaryKey(),
    findingId: integer('finding_id')
      .notNull()
      .references(() => findings.id, { onDelete: 'cascade' }),
    turbineId: integer('turbine_id')
      .notNull()
      .references(() => turbines.id, { onDelete: 'cascade' }),
    /** 'severity' | 'overdue' */
    kind: varchar('kind', { length: 10 }).notNull(),
    /** null: a new finding */
    severityBefore: integer('severity_before'),
    severityAfter: integer('severity_after').notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    /** '{finding}:{due date}' for overdue ones: one per finding and due date across processes */
    overdueKey: varchar('overdue_key', { length: 40 }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: varchar('actor_name', { length: 170 }),
    createdAt: createdAt(),
    /** the draft it was about was rejected or linked into another finding (issue 23): nothing to act on any more */
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('finding_escalations_overdue_unique').on(t.overdueKey),
    index('finding_escalations_turbine_idx').on(t.turbineId, t.createdAt),
    // the turbine list's "escalated this year" (turbines/service.ts) reads severity escalations per turbine; overdue ones
    // are far more (one per open finding past its date): without this index PostgreSQL scanned the whole table once per
    // turbine (60 of the 77 ms of a 2,000-turbine list in bench:findings)
    index('finding_escalations_severity_idx').on(t.turbineId, t.createdAt).where(sql`${t.kind} = 'severity'`),
    index('finding_escalations_finding_idx').on(t.findingId),
  ],
);

/** One in-app notification per recipient of an escalation (the managers of the finding's company and the
 *  superadmins, never the one who made the change); read when read_at is set. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    escalationId: integer('escalation_id')
      .notNull()
      .references(() => findingEscalations.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_user_escalation_unique').on(t.userId, t.escalationId),
  ],
);

/** The daily overdue digest, claimed once per scope ('company:{id}' or 'superadmins') and day (Europe/Istanbul) by
 *  whichever process inserts the row first: the winner sends. */
export const digestRuns = pgTable(
  'digest_runs',
  {
    scope: varchar('scope', { length: 40 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.day] })],
);
/** Report generation jobs (issue 17): a database queue shared by every process (claimed `for update skip locked` with
 *  a lease, like the photos' derivatives); the finished PDF becomes a generated revision in reports. */
export const reportJobs = pgTable(
  'report_jobs',
  {
    id: serial('id').primaryKey(),
    turbineId: integer('turbine_id').references(() => turbines.id, { onDelete: 'cascade' }),
    /** a campaign-wide report (one document for every turbine of the campaign); null for a turbine's report */
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    language: varchar('language', { length: 2 }).notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** queued, running, done, failed */
    status: varchar('status', { length: 10 }).notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    /** the step being worked on: loading, images, layout, storing */
    step: varchar('step', { length: 16 }),
    inputsHash: varchar('inputs_hash', { length: 64 }),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    /** a message code (contract messages.ts) when failed */
    errorCode: varchar('error_code', { length: 64 }),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    /** the user asked for a new issue date: a new revision even when the inputs equal the newest one's (issue 23 item 17) */
    newIssueDate: boolean('new_issue_date').notNull().default(false),
    /** done without a new PDF: the inputs equal those of report_id, issued at this time */
    unchangedSince: timestamp('unchanged_since', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('report_jobs_claim_idx').on(t.id).where(sql`${t.status} in ('queued', 'running')`),
    // one queued or running job per turbine (or campaign) and language, whatever the number of processes (issue 23 item 17)
    uniqueIndex('report_jobs_active_turbine_uq')
      .on(t.turbineId, t.language)
      .where(sql`${t.campaignId} is null and ${t.status} in ('queued', 'running')`),
    uniqueIndex('report_jobs_active_campaign_uq')
      .on(t.campaignId, t.language)
      .where(sql`${t.campaignId} is not null and ${t.status} in ('queued', 'running')`),
    index('report_jobs_turbine_idx').on(t.turbineId, t.id),
    index('report_jobs_campaign_idx').on(t.campaignId, t.id),
  ],
);

/** Inspection campaigns (issue 17, contract campaigns.ts): a company's turbines, the methods and dates planned for a
 *  year. The board's states are derived from photos, findings and reports, never stored. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 120 }).notNull(),
    year: integer('year').notNull(),
    /** contract CAMPAIGN_METHODS: drone, operator, robot, interior */
    methods: varchar('methods', { length: 10 }).array().notNull(),
    plannedStart: date('planned_start', { mode: 'string' }).notNull(),
    plannedEnd: date('planned_end', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('campaigns_company_idx').on(t.companyId, t.year)],
);

/** The turbines in a campaign's scope (always of the campaign's company). */
export const campaignTurbines = pgTable(
  'campaign_turbines',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    turbineId: integer('turbine_id')
      .notNull()
      .references(() => turbines.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.turbineId] }), index('campaign_turbines_turbine_idx').on(t.turbineId)],
);

/** A coverage cell (blade, or blade and room for interior) or a whole method (no blade) that a turbine of a campaign
 *  will not get, with who and why. Removing one sets removed_by/removed_at: the row stays as history. */
export const campaignWaivers = pgTable(
  'campaign_waivers',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    turbineId: integer('turbine_id')
      .notNull()
      .references(() => turbines.id, { onDelete: 'cascade' }),
    method: varchar('method', { length: 10 }).notNull(),
    blade: varchar('blade', { length: 1 }),
    room: integer('room'),
    reason: varchar('reason', { length: 500 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    removedBy: integer('removed_by').references(() => users.id, { onDelete: 'set null' }),
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('campaign_waivers_campaign_idx').on(t.campaignId, t.turbineId),
    // one active waiver per cell
    uniqueIndex('campaign_waivers_active_unique')
      .on(t.campaignId, t.turbineId, t.method, sql`coalesce(${t.blade}, '')`, sql`coalesce(${t.room}, 0)`)
      .where(sql`${t.removedAt} is null`),
  ],
);

/** Outgoing e-mail (DECISIONS §15 "Mail is data"): a row written in the transaction of its cause, sent by the job runner
 *  (src/jobs/runner.ts) with retries and back-off, `failed` after MAIL_RETRY_HOURS. `kind` 'message' carries the
 *  finished e-mail (rendered at enqueue time in the recipient's language); the other kinds ('passwordReset',
 *  'signInLink', 'emailChange', 'escalation') carry `params` and are made at send time: a link's token is made then, so
 *  no live token is ever stored, and an escalation's recipients come from the notifications of the same transaction. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 20 }).notNull(),
    /** the address, once known (a link request's address is resolved at send time) */
    recipient: varchar('recipient', { length: 254 }),
    subject: varchar('subject', { length: 400 }),
    text: text('text'),
    html: text('html'),
    replyTo: varchar('reply_to', { length: 254 }),
    params: jsonb('params'),
    /** pending, sending, sent, skipped (nothing to send any more: no such account, change cancelled), failed */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: varchar('last_error', { length: 1000 }),
    /** the last error classified (contract MAIL_ERROR_KINDS), for the superadmin's page to say in words */
    lastErrorKind: varchar('last_error_kind', { length: 20 }),
    /** while `sending`: the claim is this process's until then; past it (the process died) anyone may take the row */
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    /** a superadmin sent the failed row again then: its retry window runs from here (created_at stays) */
    retriedAt: timestamp('retried_at', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} in ('pending', 'sending')`),
    index('mail_outbox_status_idx').on(t.status, t.id),
    // escalation e-mails are bundled (issue 23): at most one not yet tried per recipient, which later escalations join
    uniqueIndex('mail_outbox_escalation_waiting_unique')
      .on(sql`(${t.params}->>'userId')`)
      .where(sql`${t.kind} = 'escalation' and ${t.status} = 'pending' and ${t.attempts} = 0`),
    // when the recipient's last escalation e-mail went (the next waits ESCALATION_MAIL_SPACING_MINUTES)
    index('mail_outbox_escalation_recipient_idx').on(sql`(${t.params}->>'userId')`, t.nextAttemptAt).where(sql`${t.kind} = 'escalation'`),
  ],
);

/** The audit log (DECISIONS §17): one row per event, written by audit/record.ts in the transaction of the action it
 *  records. Append-only: a trigger (migration 0018) refuses UPDATE, TRUNCATE and DELETE, except the retention's delete of
 *  rows older than the cut-off its transaction names (audit/retention.ts). No foreign keys: a row outlives its actor,
 *  company and target, and names them as they were. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 40 }).notNull(),
    actorId: integer('actor_id'),
    /** the actor's address then; for a failed sign-in the address typed (never the password) */
    actorEmail: varchar('actor_email', { length: 254 }),
    actorRole: varchar('actor_role', { length: 20 }),
    /** the company the event concerns (the target's, else the actor's): a manager reads their company's rows */
    companyId: integer('company_id'),
    targetType: varchar('target_type', { length: 20 }),
    targetId: varchar('target_id', { length: 64 }),
    targetLabel: varchar('target_label', { length: 300 }),
    details: jsonb('details'),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_company_idx').on(t.companyId, t.id),
    index('audit_log_kind_idx').on(t.kind, t.id),
  ],
);

/** Share links (DECISIONS §17, issue 26 item 2): a report revision, or some reviewed findings of a turbine with chosen
 *  photos of their sightings, shown to someone without an account. Only the token's SHA-256 is kept (128 random bits
 *  need no slow hash); the optional password is argon2id. What a finding link shows is read again at every opening
 *  (a finding no longer reviewed, or a photo no longer a sighting of one, is left out). Deleting the turbine or the
 *  report deletes the link (the audit log keeps its story). */
export const shareLinks = pgTable(
  'share_links',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    turbineId: integer('turbine_id')
      .notNull()
      .references(() => turbines.id, { onDelete: 'cascade' }),
    /** 'report' | 'findings' */
    kind: varchar('kind', { length: 10 }).notNull(),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'cascade' }),
    findingIds: integer('finding_ids').array().notNull().default(sql`'{}'::integer[]`),
    photoIds: integer('photo_ids').array().notNull().default(sql`'{}'::integer[]`),
    label: varchar('label', { length: 100 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    passwordHash: varchar('password_hash', { length: 200 }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('share_links_hash_unique').on(t.tokenHash),
    index('share_links_company_idx').on(t.companyId, t.id),
    index('share_links_turbine_idx').on(t.turbineId, t.id),
  ],
);

/** Each opening of a share link (the content answered to its holder): when and from which address. */
export const shareLinkOpenings = pgTable(
  'share_link_openings',
  {
    id: serial('id').primaryKey(),
    linkId: integer('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
    createdAt: createdAt(),
  },
  (t) => [index('share_link_openings_link_idx').on(t.linkId, t.id)],
);

/** DECISIONS §17: a company's webhook endpoints. The signing secret must be usable to sign, so it is not hashed: it is
 *  kept encrypted (AES-256-GCM under a key derived from the server's JWT secret, webhooks/secret-box.ts), so a copy of
 *  the database alone does not give it away. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 2000 }).notNull(),
    /** contract WEBHOOK_EVENT_TYPES */
    events: jsonb('events').$type<string[]>().notNull(),
    secretBox: text('secret_box').notNull(),
    /** the secret's first characters, to tell secrets apart */
    secretHint: varchar('secret_hint', { length: 16 }).notNull(),
    active: boolean('active').notNull().default(true),
    /** the first failed attempt since the last success; three days of it disable the hook */
    failingSince: timestamp('failing_since', { withTimezone: true, mode: 'date' }),
    /** set when the hook was switched off for its failures (cleared when a manager switches it on) */
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhooks_company_idx').on(t.companyId)],
);

/** One event for one hook: a queue row of the job runner (jobs/runner.ts createLeasedTable) and, kept after, the
 *  delivery log. `message_id` is the Standard Webhooks `webhook-id`, the same on every attempt (receivers dedupe). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventType: varchar('event_type', { length: 40 }).notNull(),
    messageId: varchar('message_id', { length: 64 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** deliveries with the same key (one finding's events) go out one after the other, in order */
    orderingKey: varchar('ordering_key', { length: 64 }),
    /** an upload batch still open for more photos (pending, never tried): later photos of the batch join it */
    batchKey: varchar('batch_key', { length: 64 }),
    /** pending, sending (leased), delivered, failed (24 h of retries passed), cancelled (the hook was switched off) */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    lastError: varchar('last_error', { length: 1000 }),
    /** the last error classified (contract WEBHOOK_ERROR_KINDS), for the delivery log to say in words */
    lastErrorKind: varchar('last_error_kind', { length: 20 }),
    lastStatusCode: integer('last_status_code'),
    lastLatencyMs: integer('last_latency_ms'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} in ('pending', 'sending')`),
    index('webhook_deliveries_hook_idx').on(t.webhookId, t.id),
    index('webhook_deliveries_order_idx')
      .on(t.webhookId, t.orderingKey, t.id)
      .where(sql`${t.orderingKey} is not null and ${t.status} in ('pending', 'sending')`),
    uniqueIndex('webhook_deliveries_open_batch_unique')
      .on(t.webhookId, t.batchKey)
      .where(sql`${t.batchKey} is not null and ${t.status} = 'pending' and ${t.attempts} = 0`),
  ],
);
