import type { Report } from '@windscope/contract';
import type { reports } from '../db/schema.ts';
import type { FileSigner } from '../files/file-holders.ts';
import { signFileUrl } from '../files/signed-urls.ts';

export interface ReportWithUploader {
  report: typeof reports.$inferSelect;
  firstName: string | null;
  lastName: string | null;
}

/** The only shape of a report that leaves the server; report_url downloads it under its original name until `expires`. */
export function presentReport({ secret, expires, holder }: FileSigner, { report, firstName, lastName }: ReportWithUploader): Report {
  return {
    id: report.id,
    original_filename: report.originalFilename,
    stored_filename: report.storedFilename,
    report_url: signFileUrl(secret, { key: report.storageKey, kind: 'pdf', expires, download: true, holder }),
    file_size_bytes: report.sizeBytes,
    uploaded_at: report.createdAt.toISOString(),
    uploaded_by: report.uploadedBy,
    first_name: firstName,
    last_name: lastName,
    year: report.year,
    generated: report.generated,
    inputs_hash: report.inputsHash,
  };
}
