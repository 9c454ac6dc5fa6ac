import { API_PATHS, type Photo, photoSchema, type Report, reportSchema, turbineSchema } from '@windscope/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

const photoListSchema = photoSchema.array();
const reportListSchema = reportSchema.array();

/** GET /turbines/{id}: the turbine card. */
export function useTurbine(id: number | null) {
  return useQuery({
    queryKey: queryKeys.turbines.detail(id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) => (await api.get(API_PATHS.turbine(id ?? 0), { schema: turbineSchema, signal })).data,
  });
}

export const allPhotosKey = (turbineId: number) => queryKeys.photos.list(turbineId, { view: 'all' });

/** GET /turbines/{id}/photos?view=all: every photo of the turbine (year, type and text filter and the order on the client). */
export function useAllPhotos(turbineId: number | null) {
  return useQuery({
    queryKey: allPhotosKey(turbineId ?? 0),
    enabled: turbineId !== null,
    // spec §7: a turbine's photo list is fetched afresh whenever the page opens (the server answers 304 when unchanged)
    refetchOnMount: 'always',
    queryFn: async ({ signal }) =>
      (await api.get(API_PATHS.turbinePhotos(turbineId ?? 0), { query: { view: 'all' }, schema: photoListSchema, signal })).data,
  });
}

/** GET /turbines/{id}/reports?year=: reports, optionally of one year. */
export function useReports(turbineId: number | null, year: number | null) {
  return useQuery({
    queryKey: queryKeys.reports.ofTurbine(turbineId ?? 0, { year }),
    enabled: turbineId !== null,
    queryFn: async ({ signal }) =>
      (await api.get(API_PATHS.turbineReports(turbineId ?? 0), { query: { year: year ?? undefined }, schema: reportListSchema, signal }))
        .data,
  });
}

export async function deletePhotoRequest(turbineId: number, key: string) {
  return api.delete(API_PATHS.turbinePhotos(turbineId), { query: { key } });
}

export async function deleteReportRequest(turbineId: number, reportId: number) {
  return api.delete(API_PATHS.turbineReport(turbineId, reportId));
}

/** Spec §4 after a photo delete: gone from every list at once, then the lists, the turbine and the reports reload. */
export async function afterPhotoDeleted(client: QueryClient, turbineId: number, key: string) {
  client.setQueriesData<unknown>({ queryKey: queryKeys.photos.ofTurbine(turbineId) }, (old: unknown) =>
    Array.isArray(old) ? old.filter((photo: Partial<Photo>) => photo?.key !== key) : old,
  );
  await Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.photos.ofTurbine(turbineId) }),
    client.invalidateQueries({ queryKey: queryKeys.turbines.all() }),
    client.invalidateQueries({ queryKey: queryKeys.reports.ofTurbine(turbineId).slice(0, 2) }),
  ]);
}

/** After an upload: the turbine's photo lists and its photo count. */
export async function afterPhotosUploaded(client: QueryClient, turbineId: number) {
  await Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.photos.ofTurbine(turbineId) }),
    client.invalidateQueries({ queryKey: queryKeys.turbines.all() }),
  ]);
}

export async function afterReportsChanged(client: QueryClient, turbineId: number) {
  await client.invalidateQueries({ queryKey: queryKeys.reports.ofTurbine(turbineId).slice(0, 2) });
}

export type { Photo, Report };
