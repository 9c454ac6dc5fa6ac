import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { FILE_LIMITS, TUS_DEFAULT_EXPIRY_HOURS } from '@windscope/contract';

const flag = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase())));

/** How far X-Forwarded-For is believed: false (not at all: the socket's address), a number of proxies in front of the app
 *  (the client is that many entries from the right, so whatever a client wrote there itself is ignored; only for processes
 *  nobody but the balancer can reach), or the proxies' addresses (believed only from them: safe even when clients can
 *  reach a process directly). */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (entry: string) => {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};

const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): TrustProxy => {
    const value = (v ?? '').trim().toLowerCase();
    if (['', '0', 'false', 'no', 'off'].includes(value)) return false;
    // one load balancer in front: its own entry is the last one, and that is the client as it saw it
    if (['true', 'yes', 'on'].includes(value)) return 1;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        'TRUST_PROXY must be off, a number of proxies in front of the app (1 for one load balancer), or their addresses (e.g. 10.0.0.0/8,127.0.0.1)',
    });
    return z.NEVER;
  });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_WAIT_SECONDS: z.coerce.number().min(0).default(60),
  STORAGE: z.enum(['fs', 's3']).default('fs'),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  REDIS_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Windscope <no-reply@windscope.example>'),
  /** how long the outbox retries an e-mail (with back-off) before marking it failed */
  MAIL_RETRY_HOURS: z.coerce.number().positive().max(720).default(24),
  /** DECISIONS §17: audit rows are kept this many days, then removed by the hourly sweep */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(400),
  /** how long a send may take before another process may take the e-mail over (its process died) */
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(180),
  /** DECISIONS §17: webhooks may be sent to private, loopback and link-local addresses (and over plain http): tests and
   *  a receiver inside the same network; never on a shared server */
  WEBHOOK_ALLOW_PRIVATE: flag,
  /** how long one webhook attempt may take (connect, send, answer) */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** how long a webhook delivery is retried (with back-off) before it is marked failed */
  WEBHOOK_RETRY_HOURS: z.coerce.number().positive().max(720).default(24),
  /** a hook failing without a success this long is switched off, with a mail to its company's managers */
  WEBHOOK_DISABLE_AFTER_HOURS: z.coerce.number().positive().max(8_760).default(72),
  /** an upload batch is finished when its uploader sent no photo to the turbine for this long: then one event goes */
  /** how long an attempt may take before another process may take the delivery over (its process died) */
  WEBHOOK_LEASE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(90),
  WEBHOOK_BATCH_QUIET_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
  PUBLIC_URL: z.string().optional(),
  /** DECISIONS §18: a MapLibre style (vector tiles) for the dashboard's map where one is reachable; unset: the offline
   *  basemap shipped with the web app */
  MAP_STYLE_URL: z
    .string()
    .url('MAP_STYLE_URL must be an http(s) address of a MapLibre style')
    .refine((value) => /^https?:\/\//i.test(value), 'MAP_STYLE_URL must be an http(s) address of a MapLibre style')
    .optional(),
  // issue 22: the server's own TLS (PEM files): HTTPS with HTTP/2, HTTP/1.1 for clients without it
  TLS_CERT_FILE: z.string().optional(),
  TLS_KEY_FILE: z.string().optional(),
  CONTACT_INBOX: z.string().default('info@windscope.example'),
  DEMO_SEED: flag,
  DEMO_FULL_SIZE: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  MAX_PHOTO_MB: z.coerce
    .number()
    .positive()
    .default(FILE_LIMITS.photoBytes / 1024 / 1024),
  MAX_REPORT_MB: z.coerce
    .number()
    .positive()
    .default(FILE_LIMITS.reportBytes / 1024 / 1024),
  MAX_MEGAPIXELS: z.coerce.number().positive().default(FILE_LIMITS.maxMegapixels),
  TRUST_PROXY: trustProxy,
  DERIVATIVE_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  DERIVATIVE_LEASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
  REPORT_WORKERS: z.coerce.number().int().min(0).max(1).default(1),
  REPORT_JOB_LEASE_SECONDS: z.coerce.number().int().min(5).max(86_400).default(90),
  // request and connection timeouts (seconds; fractions allowed, tests use small ones)
  BODY_IDLE_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().default(120),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().positive().default(72),
  CONNECTION_IDLE_TIMEOUT_SECONDS: z.coerce.number().positive().default(600),
  // upload quotas
  UPLOADS_AT_ONCE_PER_USER: z.coerce.number().int().min(1).default(4),
  UPLOAD_SLOT_LEASE_SECONDS: z.coerce.number().min(1).default(30),
  UPLOAD_MAX_FILES: z.coerce.number().int().min(1).max(10_000).default(100),
  UPLOAD_MAX_GB: z.coerce.number().positive().default(10),
  UPLOAD_HOURLY_FILES: z.coerce.number().int().min(1).default(3000),
  UPLOAD_HOURLY_GB: z.coerce.number().positive().default(30),
  // resumable uploads a user may have open (still expecting bytes) at once, and the bytes they announce together
  UPLOADS_OPEN_PER_USER: z.coerce.number().int().min(1).default(100),
  UPLOADS_OPEN_GB: z.coerce.number().positive().default(20),
  // temporary upload files left by a crash: removed once this old, checked at start-up and every interval
  STAGING_MAX_AGE_MINUTES: z.coerce.number().positive().default(60),
  STAGING_SWEEP_MINUTES: z.coerce.number().positive().default(15),
  // issue 16: how often each process looks for repairs that became overdue and for the daily digest (0: never), and
  // from which hour of which time zone's day the digest goes out
  NOTIFY_CHECK_SECONDS: z.coerce.number().min(0).default(300),
  DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
  // issue 23: escalation e-mails are bundled per recipient: the first of a quiet spell waits this long for others to join
  // it, and a recipient gets at most one in ESCALATION_MAIL_SPACING_MINUTES (the rest wait in the next one)
  ESCALATION_MAIL_GATHER_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  ESCALATION_MAIL_SPACING_MINUTES: z.coerce.number().min(0).max(1440).default(10),
  DIGEST_TIME_ZONE: z
    .string()
    .default('Europe/Istanbul')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'DIGEST_TIME_ZONE must be an IANA time zone such as Europe/Istanbul'),
  SESSION_MAX_DAYS: z.coerce.number().positive().max(365).default(7),
  API_TOKEN_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().max(100_000).default(600),
  // signed file URLs' lifetime (DECISIONS §17: at most 15 minutes); shorter only to test the web app's re-issue
  FILE_URL_LIFETIME_SECONDS: z.coerce.number().int().min(30).max(900).default(900),
  // scheduled backups by the server itself (backup/backup-service.ts)
  BACKUP_DIR: z.string().optional(),
  BACKUP_EVERY_HOURS: z.coerce.number().positive().default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
  // resumable (tus) uploads not finished within this many hours are removed (bytes and row)
  TUS_EXPIRY_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(TUS_DEFAULT_EXPIRY_HOURS),
});

/** Escalation e-mails per recipient (issue 23): the first waits mailGatherMs for others to join it; at most one per
 *  mailSpacingMs. */
export interface EscalationMailTiming {
  mailGatherMs: number;
  mailSpacingMs: number;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise PGlite in dataDir ('memory://' keeps it in memory, for tests) */
  databaseUrl: string | undefined;
  /** how long start-up waits for an unreachable PostgreSQL (DATABASE_WAIT_SECONDS), then exits with a message */
  databaseWaitMs: number;
  pgliteDir: string;
  storage: {
    driver: 'fs' | 's3';
    root: string;
    s3?: { endpoint?: string; bucket: string; region: string; accessKeyId?: string; secretAccessKey?: string };
  };
  redisUrl: string | undefined;
  jwtSecret: Uint8Array;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailRetryHours: number;
  auditRetentionDays: number;
  mailLeaseSeconds: number;
  /** DECISIONS §17: webhook delivery (webhooks/worker.ts) */
  webhooks: {
    allowPrivate: boolean;
    timeoutMs: number;
    retryHours: number;
    disableAfterHours: number;
    batchQuietSeconds: number;
    leaseSeconds: number;
  };
  outboxDir: string;
  publicUrl: string;
  /** MAP_STYLE_URL (DECISIONS §18): the style the dashboard's map draws; null: the offline basemap */
  mapStyleUrl: string | null;
  /** TLS_CERT_FILE and TLS_KEY_FILE: the server speaks HTTPS itself (HTTP/2 and HTTP/1.1); undefined: plain HTTP */
  tls: { certFile: string; keyFile: string } | undefined;
  contactInbox: string;
  demoSeed: boolean;
  /** DEMO_FULL_SIZE=1 (`npm start` sets it): the demo's Bergama drone photos at 45 MP (8192x5464), to show deep zoom;
   *  the test suites' servers leave it off (rendering them takes seconds each) */
  demoFullSize: boolean;
  logLevel: string;
  webDist: string | undefined;
  limits: { photoBytes: number; reportBytes: number; maxMegapixels: number; jsonBodyBytes: number };
  /** X-Forwarded-For: believed for this many proxies in front, or from these addresses; false: the socket's address */
  trustProxy: TrustProxy;
  /** thumbnails/previews made at once in the background; default: one fewer than the cores (at least one); 0: none in
   *  the background here (another process runs the queue), only on demand when a thumbnail is asked for */
  derivativeWorkers: number | undefined;
  /** how long a photo claimed by a process for its derivatives stays claimed (a crashed process's claims then expire) */
  derivativeLeaseSeconds: number;
  /** generated reports (issue 17): 1, this process works report jobs in the background; 0, it leaves them to the
   *  other processes (tests that compare the database before and after a request) */
  reportWorkers: number;
  /** a report job's claim, renewed with each progress write; a job whose process died is taken again after it */
  reportJobLeaseSeconds: number;
  /** milliseconds; see README "Configuration" */
  timeouts: { bodyIdleMs: number; headersMs: number; requestMs: number; keepAliveMs: number; connectionIdleMs: number };
  /** uploads at once per user (per process); files and bytes per upload request and per user per hour; resumable
   *  uploads open (still expecting bytes) per user, and the bytes they announce together */
  uploadQuota: {
    atOncePerUser: number;
    slotLeaseMs: number;
    filesPerRequest: number;
    bytesPerRequest: number;
    filesPerHour: number;
    bytesPerHour: number;
    openPerUser: number;
    openBytesPerUser: number;
  };
  /** temporary upload objects older than maxAgeMs are removed at start-up and every intervalMs */
  stagingSweep: { maxAgeMs: number; intervalMs: number };
  /** escalation notifications (issue 16): the periodic overdue check and the daily digest */
  notifications: { checkMs: number; digestHour: number; timeZone: string } & EscalationMailTiming;
  /** the absolute lifetime of a sign-in (SESSION_MAX_DAYS): refreshes never carry a session past it */
  sessionMaxMs: number;
  /** requests one personal API token may make per minute (API_TOKEN_REQUESTS_PER_MINUTE), then 429 */
  apiTokenRequestsPerMinute: number;
  /** how long a signed file URL is good for (FILE_URL_LIFETIME_SECONDS, 30..900): ten to fifteen minutes by default */
  fileUrlLifetimeSeconds: number;
  /** a resumable upload not finished this long after its creation is removed (TUS_EXPIRY_HOURS) */
  tusExpiryMs: number;
  /** scheduled backups (BACKUP_DIR, BACKUP_EVERY_HOURS, BACKUP_KEEP): none without a folder */
  backup: { dir: string | undefined; everyMs: number; keep: number };
}

/** The JWT secret: JWT_SECRET, else one generated on first run and kept in the data folder. */
function loadJwtSecret(dataDir: string, fromEnv: string | undefined): Uint8Array {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  const port = overrides.port ?? e.PORT;
  const host = overrides.host ?? e.HOST;
  if (e.STORAGE === 's3' && !e.S3_BUCKET) throw new Error('Invalid configuration:\n  S3_BUCKET is required when STORAGE=s3');
  if (Boolean(e.TLS_CERT_FILE) !== Boolean(e.TLS_KEY_FILE))
    throw new Error('Invalid configuration:\n  TLS_CERT_FILE and TLS_KEY_FILE go together: set both (PEM files) or neither');
  const tls =
    e.TLS_CERT_FILE && e.TLS_KEY_FILE ? { certFile: path.resolve(e.TLS_CERT_FILE), keyFile: path.resolve(e.TLS_KEY_FILE) } : undefined;
  return {
    port,
    host,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseWaitMs: e.DATABASE_WAIT_SECONDS * 1000,
    pgliteDir: path.join(dataDir, 'pglite'),
    storage: {
      driver: e.STORAGE,
      root: path.join(dataDir, 'files'),
      s3: e.S3_BUCKET
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    },
    redisUrl: e.REDIS_URL,
    jwtSecret: overrides.jwtSecret ?? loadJwtSecret(dataDir, e.JWT_SECRET),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailRetryHours: e.MAIL_RETRY_HOURS,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    mailLeaseSeconds: e.MAIL_LEASE_SECONDS,
    webhooks: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE ?? false,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      retryHours: e.WEBHOOK_RETRY_HOURS,
      disableAfterHours: e.WEBHOOK_DISABLE_AFTER_HOURS,
      batchQuietSeconds: e.WEBHOOK_BATCH_QUIET_SECONDS,
      leaseSeconds: e.WEBHOOK_LEASE_SECONDS,
    },
    outboxDir: path.join(dataDir, 'outbox'),
    tls,
    publicUrl: (e.PUBLIC_URL ?? `${tls ? 'https' : 'http'}://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`).replace(/\/$/, ''),
    mapStyleUrl: e.MAP_STYLE_URL ?? null,
    contactInbox: e.CONTACT_INBOX,
    demoSeed: e.DEMO_SEED ?? !e.DATABASE_URL,
    demoFullSize: e.DEMO_FULL_SIZE ?? false,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    limits: {
      photoBytes: Math.round(e.MAX_PHOTO_MB * 1024 * 1024),
      reportBytes: Math.round(e.MAX_REPORT_MB * 1024 * 1024),
      maxMegapixels: e.MAX_MEGAPIXELS,
      jsonBodyBytes: 256 * 1024,
    },
    trustProxy: e.TRUST_PROXY,
    derivativeWorkers: e.DERIVATIVE_WORKERS,
    derivativeLeaseSeconds: e.DERIVATIVE_LEASE_SECONDS,
    reportWorkers: e.REPORT_WORKERS,
    reportJobLeaseSeconds: e.REPORT_JOB_LEASE_SECONDS,
    timeouts: {
      bodyIdleMs: Math.round(e.BODY_IDLE_TIMEOUT_SECONDS * 1000),
      headersMs: Math.round(e.HEADERS_TIMEOUT_SECONDS * 1000),
      requestMs: Math.round(e.REQUEST_TIMEOUT_SECONDS * 1000),
      keepAliveMs: Math.round(e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000),
      connectionIdleMs: Math.round(e.CONNECTION_IDLE_TIMEOUT_SECONDS * 1000),
    },
    uploadQuota: {
      atOncePerUser: e.UPLOADS_AT_ONCE_PER_USER,
      slotLeaseMs: e.UPLOAD_SLOT_LEASE_SECONDS * 1000,
      filesPerRequest: e.UPLOAD_MAX_FILES,
      bytesPerRequest: Math.round(e.UPLOAD_MAX_GB * 1024 ** 3),
      filesPerHour: e.UPLOAD_HOURLY_FILES,
      bytesPerHour: Math.round(e.UPLOAD_HOURLY_GB * 1024 ** 3),
      openPerUser: e.UPLOADS_OPEN_PER_USER,
      openBytesPerUser: Math.round(e.UPLOADS_OPEN_GB * 1024 ** 3),
    },
    stagingSweep: { maxAgeMs: Math.round(e.STAGING_MAX_AGE_MINUTES * 60_000), intervalMs: Math.round(e.STAGING_SWEEP_MINUTES * 60_000) },
    notifications: {
      checkMs: Math.round(e.NOTIFY_CHECK_SECONDS * 1000),
      digestHour: e.DIGEST_HOUR,
      timeZone: e.DIGEST_TIME_ZONE,
      mailGatherMs: Math.round(e.ESCALATION_MAIL_GATHER_SECONDS * 1000),
      mailSpacingMs: Math.round(e.ESCALATION_MAIL_SPACING_MINUTES * 60_000),
    },
    sessionMaxMs: Math.round(e.SESSION_MAX_DAYS * 24 * 60 * 60 * 1000),
    apiTokenRequestsPerMinute: e.API_TOKEN_REQUESTS_PER_MINUTE,
    fileUrlLifetimeSeconds: e.FILE_URL_LIFETIME_SECONDS,
    tusExpiryMs: Math.round(e.TUS_EXPIRY_HOURS * 60 * 60 * 1000),
    backup: {
      dir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : undefined,
      everyMs: Math.round(e.BACKUP_EVERY_HOURS * 3_600_000),
      keep: e.BACKUP_KEEP,
    },
    ...overrides,
  };
}
