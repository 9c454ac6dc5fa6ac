import { API_PATHS, type TurbineFilterQuery, type TurbineImportResult, turbineImportResultSchema } from '@windscope/contract';
import { apiHeaders, buildUrl, errorFromResponse, readJson } from './client.ts';

export type SheetFormat = 'csv' | 'xlsx';

/** The turbines the dashboard lists (its filters), with their asset data, saved as a file (issue 27). */
export async function downloadTurbinesExport(filters: Partial<TurbineFilterQuery>, format: SheetFormat): Promise<void> {
  const response = await fetch(buildUrl(API_PATHS.turbinesExport, 'GET', { ...filters, format }), { headers: apiHeaders() });
  if (!response.ok) throw errorFromResponse(response.status, await readJson(response));
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `turbines.${format}`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A refusal of the whole import (422) still carries each row's result. */
export interface ImportAnswer {
  result: TurbineImportResult | null;
  message: string;
}

/** Sends the file: a dry run answers each row; otherwise everything is written or nothing (then the rows say why). */
export async function sendTurbineImport(file: File, dryRun: boolean, companyId: number | null): Promise<ImportAnswer> {
  const form = new FormData();
  form.append('file', file);
  const query = { dry_run: String(dryRun), company_id: companyId ?? undefined };
  const response = await fetch(buildUrl(API_PATHS.turbinesImport, 'POST', query), { method: 'POST', headers: apiHeaders(), body: form });
  const body = (await readJson(response)) as { data?: unknown; message?: string } | undefined;
  const parsed = turbineImportResultSchema.safeParse(body?.data);
  if (response.ok && parsed.success) return { result: parsed.data, message: body?.message ?? '' };
  if (response.status === 422 && parsed.success) return { result: parsed.data, message: body?.message ?? '' };
  throw errorFromResponse(response.status, body);
}
