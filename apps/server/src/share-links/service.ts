import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import {
  type CreateShareLinkBody,
  type CreatedShareLink,
  can,
  type FindingStatus,
  isShareableFindingStatus,
  SHARE_LINK_PAGE_SIZE,
  SHARE_PAGE_PATH,
  SHARE_TOKEN_PATTERN,
  SHAREABLE_FINDING_STATUSES,
  seesAllCompanies,
  type SharedContent,
  type ShareLink,
  type ShareLinkPage,
  type ShareLinkPageQuery,
  type ShareLinkOpening,
  type ShareLinkState,
  turbineDisplayName,
} from '@windscope/contract';
import { recordAudit } from '../audit/record.ts';
import { currentRequestMeta } from '../audit/request-meta.ts';
import type { AppContext } from '../context.ts';
import { companies, findingObservations, findings, photos, reports, shareLinkOpenings, shareLinks, turbines, users } from '../db/schema.ts';
import type { AuthState } from '../http/auth-hook.ts';
import { AppError, badRequest, forbidden, notFound } from '../http/errors.ts';
import { companyScope } from '../access/scope.ts';
import { oncePer } from '../lib/once-per.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { RATE_LIMITS, reserveAttempt } from '../rate-limit/rate-limiter.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** SHA-256 of the token, hex: the only form kept. */
export function hashShareToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** 128 random bits in base64url: 22 characters. */
export function newShareToken(): string {
  return randomBytes(16).toString('base64url');
}

type LinkRow = typeof shareLinks.$inferSelect;

function stateOf(row: Pick<LinkRow, 'revokedAt' | 'expiresAt'>, now: Date): ShareLinkState {
  if (row.revokedAt) return 'revoked';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

const listColumns = {
  link: shareLinks,
  turbineName: turbines.turbineName,
  turbineLegacyName: turbines.name,
  turbineCode: turbines.code,
  companyName: companies.name,
  reportName: reports.originalFilename,
  creatorFirst: users.firstName,
  creatorLast: users.lastName,
  openings: sql<number>`(select count(*)::int from ${shareLinkOpenings} where ${shareLinkOpenings.linkId} = ${shareLinks.id})`,
  lastOpenedAt: sql<
    string | null
  >`(select max(${shareLinkOpenings.createdAt})::text from ${shareLinkOpenings} where ${shareLinkOpenings.linkId} = ${shareLinks.id})`,
};

type ListRecord = {
  link: LinkRow;
  turbineName: string | null;
  turbineLegacyName: string | null;
  turbineCode: string;
  companyName: string;
  reportName: string | null;
  creatorFirst: string | null;
  creatorLast: string | null;
  openings: number;
  lastOpenedAt: string | null;
};

function present(r: ListRecord, now: Date): ShareLink {
  const { link } = r;
  return {
    id: link.id,
    turbine_id: link.turbineId,
    turbine_name: turbineDisplayName({ turbine_name: r.turbineName, name: r.turbineLegacyName, code: r.turbineCode }),
    company_id: link.companyId,
    company_name: r.companyName,
    kind: link.kind as ShareLink['kind'],
    label: link.label,
    report_id: link.reportId,
    report_name: r.reportName,
    finding_ids: link.findingIds,
    photo_ids: link.photoIds,
    has_password: link.passwordHash !== null,
    state: stateOf(link, now),
    created_at: link.createdAt.toISOString(),
    expires_at: link.expiresAt.toISOString(),
    revoked_at: link.revokedAt?.toISOString() ?? null,
    created_by_name: r.creatorFirst === null ? null : `${r.creatorFirst} ${r.creatorLast ?? ''}`.trim(),
    openings: Number(r.openings),
    last_opened_at: r.lastOpenedAt ? new Date(r.lastOpenedAt).toISOString() : null,
  };
}

function listQuery(ctx: AppContext) {
  return ctx.db
    .select(listColumns)
    .from(shareLinks)
    .innerJoin(turbines, eq(turbines.id, shareLinks.turbineId))
    .innerJoin(companies, eq(companies.id, shareLinks.companyId))
    .leftJoin(reports, eq(reports.id, shareLinks.reportId))
    .leftJoin(users, eq(users.id, shareLinks.createdBy));
}

/** The turbine under the tenant condition (another company's is "not found"), and the right to share it. */
async function turbineToShare(ctx: AppContext, auth: AuthState, turbineId: number) {
  const [turbine] = await ctx.db
    .select({ id: turbines.id, companyId: turbines.companyId, code: turbines.code })
    .from(turbines)
    .where(and(eq(turbines.id, turbineId), companyScope(auth.actor, turbines.companyId)))
    .limit(1);
  if (!turbine) throw notFound('TURBINE_NOT_FOUND');
  if (!can(auth.actor, 'shareLink.manage', { companyId: turbine.companyId })) throw forbidden();
  return turbine;
}

/** Makes a link and answers its token, once. Findings must be the turbine's and reviewed (never a draft or a rejected
 *  one); photos must be photos those findings were seen on. */
export async function createShareLink(
  ctx: AppContext,
  auth: AuthState,
  turbineId: number,
  body: CreateShareLinkBody,
): Promise<CreatedShareLink> {
  const turbine = await turbineToShare(ctx, auth, turbineId);
  const now = ctx.now();
  let reportId: number | null = null;
  let findingIds: number[] = [];
  let photoIds: number[] = [];
  if (body.kind === 'report') {
    if (body.report_id === undefined || (body.finding_ids?.length ?? 0) > 0 || (body.photo_ids?.length ?? 0) > 0)
      throw badRequest('SHARE_LINK_REPORT_REQUIRED');
    reportId = body.report_id;
  } else {
    findingIds = [...new Set(body.finding_ids ?? [])].sort((a, b) => a - b);
    photoIds = [...new Set(body.photo_ids ?? [])].sort((a, b) => a - b);
    if (findingIds.length === 0 || body.report_id !== undefined) throw badRequest('SHARE_LINK_FINDINGS_REQUIRED');
  }
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  const token = newShareToken();
  const row = await ctx.db.transaction(async (tx) => {
    if (reportId !== null) {
      const [report] = await tx
        .select({ id: reports.id })
        .from(reports)
        .where(and(eq(reports.id, reportId), eq(reports.turbineId, turbine.id)))
        .limit(1);
      if (!report) throw notFound('REPORT_NOT_FOUND');
    } else {
      // the findings are locked so a status change cannot slip in between this check and the insert
      const found = await tx
        .select({ id: findings.id, status: findings.status })
        .from(findings)
        .where(and(inArray(findings.id, findingIds), eq(findings.turbineId, turbine.id)))
        .for('update');
      if (found.length !== findingIds.length || found.some((f) => !isShareableFindingStatus(f.status)))
        throw badRequest('SHARE_LINK_FINDING_NOT_SHAREABLE');
      if (photoIds.length > 0) {
        const seen = await tx
          .selectDistinct({ photoId: findingObservations.photoId })
          .from(findingObservations)
          .where(and(inArray(findingObservations.findingId, findingIds), inArray(findingObservations.photoId, photoIds)));
        if (seen.length !== photoIds.length) throw badRequest('SHARE_LINK_PHOTO_NOT_SHAREABLE');
      }
    }
    const [inserted] = await tx
      .insert(shareLinks)
      .values({
        companyId: turbine.companyId,
        turbineId: turbine.id,
        kind: body.kind,
        reportId,
        findingIds,
        photoIds,
        label: body.label,
        tokenHash: hashShareToken(token),
        passwordHash,
        expiresAt: new Date(now.getTime() + body.expires_in_days * DAY_MS),
        createdBy: auth.user.id,
        createdAt: now,
      })
      .returning();
    if (!inserted) throw new Error('share link not inserted');
    await recordAudit(tx, {
      at: now,
      actor: auth.actor,
      kind: 'share_link_created',
      companyId: turbine.companyId,
      target: { type: 'share_link', id: inserted.id, label: inserted.label },
      details: {
        turbine_id: turbine.id,
        kind: inserted.kind,
        report_id: reportId,
        finding_ids: findingIds,
        photo_ids: photoIds,
        password: passwordHash !== null,
        expires_at: inserted.expiresAt.toISOString(),
      },
    });
    return inserted;
  });
  const [record] = await listQuery(ctx).where(eq(shareLinks.id, row.id));
  if (!record) throw new Error('share link vanished');
  return { ...present(record, now), token, path: `${SHARE_PAGE_PATH}${token}` };
}

/** The links of the actor's company (the superadmin: every company's), newest first; a turbine's when asked. */
export async function listShareLinks(ctx: AppContext, auth: AuthState, turbineId: number | undefined): Promise<ShareLink[]> {
  if (!can(auth.actor, 'shareLink.manage', { companyId: auth.actor.companyId })) throw forbidden();
  if (turbineId !== undefined) await turbineToShare(ctx, auth, turbineId);
  const rows = await listQuery(ctx)
    .where(and(companyScope(auth.actor, shareLinks.companyId), turbineId === undefined ? undefined : eq(shareLinks.turbineId, turbineId)))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id))
    .limit(500);
  const now = ctx.now();
  return rows.map((r) => present(r, now));
}

/** The condition of a state at `now` (the same rule as stateOf). */
function stateCondition(state: ShareLinkState, now: Date): SQL {
  if (state === 'revoked') return isNotNull(shareLinks.revokedAt);
  return and(isNull(shareLinks.revokedAt), state === 'expired' ? lte(shareLinks.expiresAt, now) : gt(shareLinks.expiresAt, now)) as SQL;
}

/** Issue 26 item 1: one page of the links of the actor's company (the superadmin: every company's, or one company's with
 *  company_id), newest first, filtered by state and turbine; with the turbines that have links in scope. */
export async function listShareLinkPage(ctx: AppContext, auth: AuthState, q: ShareLinkPageQuery): Promise<ShareLinkPage> {
  if (!can(auth.actor, 'shareLink.manage', { companyId: auth.actor.companyId })) throw forbidden();
  if (q.turbine_id !== undefined) await turbineToShare(ctx, auth, q.turbine_id);
  const now = ctx.now();
  const company = and(
    companyScope(auth.actor, shareLinks.companyId),
    q.company_id !== undefined && seesAllCompanies(auth.actor) ? eq(shareLinks.companyId, q.company_id) : undefined,
  );
  const where = and(
    company,
    q.turbine_id === undefined ? undefined : eq(shareLinks.turbineId, q.turbine_id),
    q.state === undefined ? undefined : stateCondition(q.state, now),
  );
  const [rows, [counted], turbineRows] = await Promise.all([
    listQuery(ctx)
      .where(where)
      .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id))
      .limit(SHARE_LINK_PAGE_SIZE)
      .offset((q.page - 1) * SHARE_LINK_PAGE_SIZE),
    ctx.db.select({ n: count() }).from(shareLinks).where(where),
    ctx.db
      .selectDistinct({
        id: turbines.id,
        companyId: turbines.companyId,
        turbineName: turbines.turbineName,
        name: turbines.name,
        code: turbines.code,
      })
      .from(shareLinks)
      .innerJoin(turbines, eq(turbines.id, shareLinks.turbineId))
      .where(company),
  ]);
  const named = turbineRows
    .map((t) => ({
      id: t.id,
      company_id: t.companyId,
      name: turbineDisplayName({ turbine_name: t.turbineName, name: t.name, code: t.code }),
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return {
    items: rows.map((r) => present(r, now)),
    total: Number(counted?.n ?? 0),
    page: q.page,
    page_size: SHARE_LINK_PAGE_SIZE,
    turbines: named,
  };
}

async function linkOfCompany(ctx: AppContext, auth: AuthState, id: number) {
  const [row] = await ctx.db
    .select({ id: shareLinks.id, companyId: shareLinks.companyId, label: shareLinks.label, revokedAt: shareLinks.revokedAt })
    .from(shareLinks)
    .where(and(eq(shareLinks.id, id), companyScope(auth.actor, shareLinks.companyId)))
    .limit(1);
  if (!row) throw notFound('SHARE_LINK_NOT_FOUND');
  if (!can(auth.actor, 'shareLink.manage', { companyId: row.companyId })) throw forbidden();
  return row;
}

/** Revokes a link: the next request of its holder (the page, a file) is refused. Revoking one already revoked (a second
 *  tab) answers the same success and records nothing more. */
export async function revokeShareLink(ctx: AppContext, auth: AuthState, id: number): Promise<void> {
  const link = await linkOfCompany(ctx, auth, id);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(shareLinks)
      .set({ revokedAt: now, revokedBy: auth.user.id })
      .where(and(eq(shareLinks.id, link.id), isNull(shareLinks.revokedAt)))
      .returning({ id: shareLinks.id, label: shareLinks.label });
    if (!row) return;
    await recordAudit(tx, {
      at: now,
      actor: auth.actor,
      kind: 'share_link_revoked',
      companyId: link.companyId,
      target: { type: 'share_link', id: row.id, label: row.label },
    });
  });
}

export async function listShareLinkOpenings(ctx: AppContext, auth: AuthState, id: number): Promise<ShareLinkOpening[]> {
  const link = await linkOfCompany(ctx, auth, id);
  const rows = await ctx.db
    .select()
    .from(shareLinkOpenings)
    .where(eq(shareLinkOpenings.linkId, link.id))
    .orderBy(desc(shareLinkOpenings.createdAt), desc(shareLinkOpenings.id))
    .limit(1000);
  return rows.map((r) => ({ id: r.id, at: r.createdAt.toISOString(), ip: r.ip, user_agent: r.userAgent }));
}

// ---------- the recipient's side (public) ----------

/** The one answer to a token that opens nothing (unknown, expired, revoked, malformed): the same status, code and body. */
export const invalidLink = () => notFound('SHARE_LINK_INVALID');

const linkByHash = oncePer((db: AppContext['db']) =>
  db
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.tokenHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('share_link_by_hash'),
);

/** A live link (not revoked, not expired) by its token, else null. Always one indexed lookup, whatever the token. */
async function liveLinkByToken(ctx: AppContext, token: string): Promise<LinkRow | null> {
  // a malformed token is looked up too (as a hash nothing has), so it costs what an unknown one costs
  const hash = hashShareToken(SHARE_TOKEN_PATTERN.test(token) ? token : `!${token}`);
  const [row] = await linkByHash(ctx.db).execute({ hash });
  if (!row || stateOf(row, ctx.now()) !== 'active') return null;
  return row;
}

async function liveLinkById(ctx: AppContext, id: number): Promise<LinkRow | null> {
  const [row] = await ctx.db.select().from(shareLinks).where(eq(shareLinks.id, id)).limit(1);
  if (!row || stateOf(row, ctx.now()) !== 'active') return null;
  return row;
}

/** What a link shows now, with the stored key of each file it may serve (by the item name its URLs carry). */
interface Scope {
  content: Omit<SharedContent, 'report' | 'findings' | 'photos' | 'urls_expire_at' | 'urls_valid_seconds'> & {
    report: (Omit<NonNullable<SharedContent['report']>, 'download_url'> & { item: string }) | null;
    findings: (Omit<SharedContent['findings'][number], 'observations'> & {
      observations: (Omit<SharedContent['findings'][number]['observations'][number], 'crop_url'> & { item: string | null })[];
    })[];
    photos: (Omit<SharedContent['photos'][number], 'preview_url' | 'download_url'> & { preview: string; original: string })[];
  };
  /** item -> storage key, media type, whether it is a download */
  files: Map<
    string,
    {
      key: string;
      mime: string;
      download: boolean;
      name: string;
      audit?: { kind: 'report_downloaded' | 'original_downloaded'; type: 'report' | 'photo'; id: number };
    }
  >;
}

/** Reads what the link shows at this moment: a finding no longer reviewed (reopened to draft, rejected) or deleted is
 *  left out, and so is a photo no longer a sighting of a shown finding ("drafts never"). */
async function loadScope(ctx: AppContext, link: LinkRow): Promise<Scope> {
  const [head] = await ctx.db
    .select({
      code: turbines.code,
      turbineName: turbines.turbineName,
      name: turbines.name,
      city: turbines.city,
      companyName: companies.name,
    })
    .from(turbines)
    .innerJoin(companies, eq(companies.id, turbines.companyId))
    .where(eq(turbines.id, link.turbineId))
    .limit(1);
  if (!head) throw invalidLink();
  const files: Scope['files'] = new Map();
  const content: Scope['content'] = {
    kind: link.kind as SharedContent['kind'],
    label: link.label,
    company_name: head.companyName,
    turbine: {
      code: head.code,
      name: turbineDisplayName({ turbine_name: head.turbineName, name: head.name, code: head.code }),
      city: head.city,
    },
    expires_at: link.expiresAt.toISOString(),
    report: null,
    findings: [],
    photos: [],
  };
  if (link.kind === 'report' && link.reportId !== null) {
    const [report] = await ctx.db
      .select()
      .from(reports)
      .where(and(eq(reports.id, link.reportId), eq(reports.turbineId, link.turbineId)))
      .limit(1);
    if (!report) throw invalidLink();
    content.report = {
      name: report.originalFilename,
      year: report.year,
      size_bytes: report.sizeBytes,
      created_at: report.createdAt.toISOString(),
      generated: report.generated,
      item: 'report',
    };
    files.set('report', {
      key: report.storageKey,
      mime: 'application/pdf',
      download: true,
      name: report.originalFilename,
      audit: { kind: 'report_downloaded', type: 'report', id: report.id },
    });
    return { content, files };
  }
  if (link.findingIds.length === 0) return { content, files };
  const shown = await ctx.db
    .select()
    .from(findings)
    .where(
      and(
        inArray(findings.id, link.findingIds),
        eq(findings.turbineId, link.turbineId),
        inArray(findings.status, [...SHAREABLE_FINDING_STATUSES]),
      ),
    )
    .orderBy(asc(findings.blade), asc(findings.distanceFromRootM), asc(findings.id));
  const ids = shown.map((f) => f.id);
  const observations =
    ids.length === 0
      ? []
      : await ctx.db
          .select({
            id: findingObservations.id,
            findingId: findingObservations.findingId,
            photoId: findingObservations.photoId,
            year: findingObservations.year,
            kind: findingObservations.kind,
            severity: findingObservations.severity,
            lengthMm: findingObservations.lengthMm,
            widthMm: findingObservations.widthMm,
            cropKey: findingObservations.cropKey,
          })
          .from(findingObservations)
          .where(inArray(findingObservations.findingId, ids))
          .orderBy(asc(findingObservations.year), asc(findingObservations.id));
  content.findings = shown.map((f) => ({
    id: f.id,
    blade: f.blade,
    surface: f.surface,
    room: f.room,
    distance_from_root_m: f.distanceFromRootM,
    type: f.type,
    severity: f.severity,
    length_mm: f.lengthMm,
    width_mm: f.widthMm,
    status: f.status as FindingStatus,
    due_date: f.dueDate,
    notes: f.notes,
    first_seen_year: f.firstSeenYear,
    last_seen_year: f.lastSeenYear,
    observations: observations
      .filter((o) => o.findingId === f.id)
      .map((o) => {
        const item = o.cropKey ? `crop/${o.id}` : null;
        if (item && o.cropKey) files.set(item, { key: o.cropKey, mime: 'image/webp', download: false, name: `crop-${o.id}.webp` });
        return { year: o.year, kind: o.kind, severity: o.severity, length_mm: o.lengthMm, width_mm: o.widthMm, item };
      }),
  }));
  const seenOn = new Map<number, number[]>();
  for (const o of observations) {
    const list = seenOn.get(o.photoId) ?? [];
    if (!list.includes(o.findingId)) list.push(o.findingId);
    seenOn.set(o.photoId, list);
  }
  const photoIds = link.photoIds.filter((id) => seenOn.has(id));
  if (photoIds.length > 0) {
    const rows = await ctx.db
      .select({
        id: photos.id,
        key: photos.storageKey,
        name: photos.originalName,
        year: photos.year,
        blade: photos.blade,
        mime: photos.mimeType,
      })
      .from(photos)
      .where(and(inArray(photos.id, photoIds), eq(photos.turbineId, link.turbineId)))
      .orderBy(asc(photos.id));
    for (const p of rows) {
      // a point cloud has no picture to show: it is not offered on the page
      if (!p.mime.startsWith('image/')) continue;
      const preview = `photo/${p.id}/preview`;
      const original = `photo/${p.id}/original`;
      files.set(preview, { key: `${p.key}.preview.webp`, mime: 'image/webp', download: false, name: `${p.name}.webp` });
      files.set(original, {
        key: p.key,
        mime: p.mime,
        download: true,
        name: p.name,
        audit: { kind: 'original_downloaded', type: 'photo', id: p.id },
      });
      content.photos.push({ id: p.id, name: p.name, year: p.year, blade: p.blade, finding_ids: seenOn.get(p.id) ?? [], preview, original });
    }
  }
  return { content, files };
}

/** A key of its own for share file URLs, derived from the app secret (never usable as another kind of signature). */
const shareSigningKey = oncePer((secret: Uint8Array): Buffer => createHmac('sha256', secret).update('windscope share files v1').digest());

function fileSignature(secret: Uint8Array, linkId: number, item: string, expires: number): string {
  return createHmac('sha256', shareSigningKey(secret))
    .update(`${linkId}\n${item}\n${expires}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

export const SHARE_FILE_PREFIX = '/api/share/files/';

/** The URL of one item of a link (`report`, `crop/{observation}`, `photo/{id}/preview|original`) until `expires`. */
export function shareFileUrl(secret: Uint8Array, linkId: number, item: string, expires: number): string {
  return `${SHARE_FILE_PREFIX}${linkId}/${expires}/${fileSignature(secret, linkId, item, expires)}/${item}`;
}

/** When file URLs signed at `now` end, in seconds: FILE_URL_LIFETIME_SECONDS on (15 minutes by default), rounded up to
 *  a minute (so the page's images keep one URL for a while), never past the link's own end. */
function fileUrlExpiry(ctx: AppContext, link: LinkRow, now: Date): number {
  return Math.min(
    Math.ceil((now.getTime() / 1000 + ctx.config.fileUrlLifetimeSeconds) / 60) * 60,
    Math.floor(link.expiresAt.getTime() / 1000),
  );
}

function signItem(ctx: AppContext, link: LinkRow, item: string, now: Date): string {
  return shareFileUrl(ctx.config.jwtSecret, link.id, item, fileUrlExpiry(ctx, link, now));
}

/** The live link a recipient holds, checked as an opening checks it. Every answer but the link is one of three: the
 *  neutral "not valid" (unknown, malformed, expired, revoked: same status, code and body), "password required",
 *  "password wrong". Rate-limited per address (every try), and wrong passwords per address again, more tightly. */
async function recipientLink(ctx: AppContext, ip: string, token: string, password: string | undefined): Promise<LinkRow> {
  await reserveAttempt(ctx.limiter, [{ key: `share-open:ip:${ip}`, rule: RATE_LIMITS.shareOpenPerIp }]);
  const link = await liveLinkByToken(ctx, token);
  if (!link) throw invalidLink();
  if (link.passwordHash) {
    if (password === undefined || password === '') throw new AppError(401, 'SHARE_LINK_PASSWORD_REQUIRED');
    const key = `share-password:ip:${ip}`;
    await reserveAttempt(ctx.limiter, [{ key, rule: RATE_LIMITS.sharePasswordPerIp }]);
    if (!(await verifyPassword(link.passwordHash, password))) throw new AppError(401, 'SHARE_LINK_PASSWORD_WRONG');
    await ctx.limiter.refund(key);
  }
  return link;
}

/** POST /share/open: the content of a live link (recipientLink's checks). Each opening is logged with the address
 *  (table share_link_openings and the audit log, in one transaction). */
export async function openShareLink(ctx: AppContext, ip: string, token: string, password: string | undefined): Promise<SharedContent> {
  const link = await recipientLink(ctx, ip, token, password);
  const scope = await loadScope(ctx, link);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    // the link may have been revoked since it was read: the opening is logged only for a link still live
    const [still] = await tx
      .select({ id: shareLinks.id })
      .from(shareLinks)
      .where(and(eq(shareLinks.id, link.id), isNull(shareLinks.revokedAt)))
      .for('share');
    if (!still) throw invalidLink();
    await tx
      .insert(shareLinkOpenings)
      .values({ linkId: link.id, ip: ip.slice(0, 64), userAgent: currentRequestMeta()?.userAgent ?? null, createdAt: now });
    await recordAudit(tx, {
      at: now,
      actor: null,
      kind: 'share_link_opened',
      companyId: link.companyId,
      target: { type: 'share_link', id: link.id, label: link.label },
    });
  });
  return signedContent(ctx, link, scope, now);
}

/** POST /share/refresh (issue 26): the page already open asks again before its file URLs expire. The same checks as an
 *  opening (a revoked or expired link, a wrong password: refused at once, neutrally) and the same rate limit, but no
 *  opening is logged: the recipient did not open the link again. What it shows is read again, with new file URLs. */
export async function refreshShareLink(ctx: AppContext, ip: string, token: string, password: string | undefined): Promise<SharedContent> {
  const link = await recipientLink(ctx, ip, token, password);
  const scope = await loadScope(ctx, link);
  return signedContent(ctx, link, scope, ctx.now());
}

/** The content with file URLs signed from `now` on; `urls_expire_at`: when the first of them ends. */
function signedContent(ctx: AppContext, link: LinkRow, scope: Scope, now: Date): SharedContent {
  const { content } = scope;
  const urlsExpire = fileUrlExpiry(ctx, link, now);
  return {
    ...content,
    urls_expire_at: new Date(urlsExpire * 1000).toISOString(),
    urls_valid_seconds: Math.max(0, urlsExpire - Math.floor(now.getTime() / 1000)),
    report: content.report
      ? {
          name: content.report.name,
          year: content.report.year,
          size_bytes: content.report.size_bytes,
          created_at: content.report.created_at,
          generated: content.report.generated,
          download_url: signItem(ctx, link, content.report.item, now),
        }
      : null,
    findings: content.findings.map(({ observations, ...f }) => ({
      ...f,
      observations: observations.map(({ item, ...o }) => ({ ...o, crop_url: item ? signItem(ctx, link, item, now) : null })),
    })),
    photos: content.photos.map(({ preview, original, ...p }) => ({
      ...p,
      preview_url: signItem(ctx, link, preview, now),
      download_url: signItem(ctx, link, original, now),
    })),
  };
}

/** A file a share link's page asks for: the URL's signature and time, then the link still live, then the item still in
 *  what the link shows now (a finding un-confirmed since takes its crops and photos with it). Null: refused. */
export async function sharedFile(ctx: AppContext, linkIdText: string, expiresText: string, sig: string, item: string) {
  if (
    !/^\d{1,10}$/.test(linkIdText) ||
    !/^\d{1,12}$/.test(expiresText) ||
    !/^(report|crop\/\d{1,10}|photo\/\d{1,10}\/(preview|original))$/.test(item)
  )
    return null;
  const linkId = Number(linkIdText);
  const expires = Number(expiresText);
  const expected = Buffer.from(fileSignature(ctx.config.jwtSecret, linkId, item, expires));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (expires * 1000 <= ctx.now().getTime()) return null;
  const link = await liveLinkById(ctx, linkId);
  if (!link) return null;
  const scope = await loadScope(ctx, link).catch(() => null);
  const file = scope?.files.get(item);
  if (!file) return null;
  return { link, file, expires };
}
