import { API_PATHS, type AuditQuery, auditPageSchema } from '@windscope/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiHeaders, buildUrl, errorFromResponse, readJson } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** The audit log's filters as the screen holds them (empty text: no filter). */
export type AuditFilters = Partial<Omit<AuditQuery, 'page'>>;

const queryOf = (filters: AuditFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '')) as Record<string, string | number>;

/** One page of the audit log (DECISIONS §17), newest first; the page on screen stays while the next one loads. */
export function useAuditLog(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: queryKeys.audit.list({ ...queryOf(filters), page }),
    queryFn: async ({ signal }) =>
      (await api.get(API_PATHS.audit, { query: { ...queryOf(filters), page }, schema: auditPageSchema, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** Fetches the CSV of the rows the filters match with the user's token and hands it to the browser as a download. */
export async function downloadAuditExport(filters: AuditFilters): Promise<void> {
  const response = await fetch(buildUrl(API_PATHS.auditExport, 'GET', queryOf(filters)), { headers: apiHeaders() });
  if (!response.ok) throw errorFromResponse(response.status, await readJson(response));
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'audit-log.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
