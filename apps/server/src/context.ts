import type { AppConfig } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
import type { MailOutbox } from './mail/outbox-worker.ts';
import type { WebhookWorker } from './webhooks/worker.ts';
import type { DerivativeQueue } from './photos/derivative-queue.ts';
import type { TileQueue } from './photos/tile-queue.ts';
import type { RateLimiter } from './rate-limit/rate-limiter.ts';
import type { ReportJobQueue } from './reports/generate/jobs.ts';
import type { StorageDriver } from './storage/storage-driver.ts';
import type { TusUploads } from './uploads/tus/tus-service.ts';
import type { UploadSlots } from './uploads/upload-quota.ts';

/** What services need, built once per app and handed to them explicitly. */
export interface AppContext {
  config: AppConfig;
  db: Database;
  database: DatabaseHandle;
  /** sends; only the outbox's worker uses it (everyone else queues rows: mail/outbox.ts) */
  mailer: Mailer;
  /** the mail_outbox worker of this process (DECISIONS §15): woken after a commit that queued e-mail */
  mail: MailOutbox;
  /** the webhook deliveries' worker of this process (DECISIONS §17): woken after a commit that queued deliveries */
  webhooks: WebhookWorker;
  limiter: RateLimiter;
  /** photo and report bytes: a local folder or S3 */
  storage: StorageDriver;
  /** thumbnails and previews of new photos, made in the background (and on demand) */
  derivatives: DerivativeQueue;
  /** Deep Zoom tile pyramids of large images (DECISIONS §16), made in the background after the derivatives */
  tiles: TileQueue;
  /** uploads running at once per user (this process) */
  uploadSlots: UploadSlots;
  /** resumable (tus) photo uploads: their store, the sweep of expired ones */
  tus: TusUploads;
  /** generated reports (issue 17): the jobs any process may take */
  reportJobs: ReportJobQueue;
  /** injectable clock: tests move time forward */
  now(): Date;
}
