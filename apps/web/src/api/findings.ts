import {
  API_PATHS,
  type CreateFindingBody,
  type FindingDetail,
  type FindingExportFormat,
  type FindingListQuery,
  type FindingStatusBody,
  type LinkFindingBody,
  type LinkPlacement,
  linkReviewItemSchema,
  linkSuggestionSchema,
  findingDetailSchema,
  findingSchema,
  type ObservationBody,
  type FleetFindingFilter,
  photoFindingSchema,
  type UpdateFindingBody,
} from '@windscope/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiHeaders, buildUrl, errorFromResponse, readJson } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** Findings (DECISIONS §12): every shape comes from the contract's schemas. */
const findingListSchema = findingSchema.array();
const photoFindingListSchema = photoFindingSchema.array();

export type FindingFilters = Partial<FindingListQuery>;

export function useFindings(turbineId: number, filters: FindingFilters = {}) {
  return useQuery({
    queryKey: queryKeys.findings.list(turbineId, filters),
    queryFn: async ({ signal }) =>
      (await api.get(API_PATHS.turbineFindings(turbineId), { query: filters, schema: findingListSchema, signal })).data,
  });
}

export function useFinding(turbineId: number, findingId: number | null) {
  return useQuery({
    queryKey: queryKeys.findings.detail(turbineId, findingId ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get(API_PATHS.turbineFinding(turbineId, findingId ?? 0), { schema: findingDetailSchema, signal })).data,
    enabled: findingId !== null,
  });
}

/** The shapes drawn on one photo (overlays). */
export function usePhotoFindings(turbineId: number, photoId: number | null) {
  return useQuery({
    queryKey: queryKeys.findings.ofPhoto(turbineId, photoId ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get(API_PATHS.photoFindings(turbineId, photoId ?? 0), { schema: photoFindingListSchema, signal })).data,
    enabled: photoId !== null,
  });
}

/** A finding changes the turbine's health too: reload its findings, the turbine and the turbine list. */
export async function afterFindingsChanged(queryClient: QueryClient, turbineId: number) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.findings.ofTurbine(turbineId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.turbines.all() }),
  ]);
}

function useFindingMutation<V>(turbineId: number, request: (variables: V) => Promise<FindingDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (finding) => queryClient.setQueryData(queryKeys.findings.detail(turbineId, finding.id), finding),
    onSettled: () => afterFindingsChanged(queryClient, turbineId),
  });
}

export function useCreateFinding(turbineId: number) {
  return useFindingMutation(
    turbineId,
    async (body: CreateFindingBody) => (await api.post(API_PATHS.turbineFindings(turbineId), body, { schema: findingDetailSchema })).data,
  );
}

export function useUpdateFinding(turbineId: number, findingId: number) {
  return useFindingMutation(
    turbineId,
    async (body: UpdateFindingBody) =>
      (await api.put(API_PATHS.turbineFinding(turbineId, findingId), body, { schema: findingDetailSchema })).data,
  );
}

export function useChangeFindingStatus(turbineId: number, findingId: number) {
  return useFindingMutation(
    turbineId,
    async (body: FindingStatusBody) =>
      (await api.post(API_PATHS.turbineFindingStatus(turbineId, findingId), body, { schema: findingDetailSchema })).data,
  );
}

export function useAddObservation(turbineId: number, findingId: number) {
  return useFindingMutation(
    turbineId,
    async (body: ObservationBody) =>
      (await api.post(API_PATHS.turbineFindingObservations(turbineId, findingId), body, { schema: findingDetailSchema })).data,
  );
}

export function useDeleteFinding(turbineId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (findingId: number) => (await api.delete(API_PATHS.turbineFinding(turbineId, findingId))).message,
    onSettled: () => afterFindingsChanged(queryClient, turbineId),
  });
}

export type ExportFormat = FindingExportFormat;

/** What an export holds (issue 24 item 2): one turbine's findings with the filters its list shows (none: all of them),
 *  or the fleet's with the fleet list's filters (issue 27; the dashboard's turbine filters alone: the findings of the
 *  turbines it lists; none: of every turbine the user sees). */
export type FindingsExportTarget =
  | { turbineId: number; filters?: FindingFilters }
  | { turbineId: 'all'; filters?: Partial<FleetFindingFilter> };

/** Fetches the export with the user's token and hands it to the browser as a download under the server's file name. */
export async function downloadFindingsExport(target: FindingsExportTarget, format: ExportFormat): Promise<void> {
  const path = target.turbineId === 'all' ? API_PATHS.findingsExport : API_PATHS.turbineFindingsExport(target.turbineId);
  const response = await fetch(buildUrl(path, 'GET', { ...target.filters, format }), { headers: apiHeaders() });
  if (!response.ok) throw errorFromResponse(response.status, await readJson(response));
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `findings-${target.turbineId}.${format}`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// ---------- linking sightings across years (issue 16) ----------

const suggestionListSchema = linkSuggestionSchema.array();

/** Earlier findings of the same place for an unlinked finding (staff only: `enabled`). */
export function useLinkSuggestions(turbineId: number, findingId: number | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.findings.linkSuggestions(turbineId, findingId ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get(API_PATHS.turbineFindingLinkSuggestions(turbineId, findingId ?? 0), { schema: suggestionListSchema, signal })).data,
    enabled: findingId !== null && enabled,
  });
}

/** Earlier findings for a placement being drawn (the mark form); null: not enough to ask yet. */
export function usePlacementSuggestions(turbineId: number, placement: LinkPlacement | null) {
  return useQuery({
    queryKey: queryKeys.findings.placement(turbineId, placement ?? {}),
    queryFn: async () => (await api.post(API_PATHS.turbineFindingSuggestions(turbineId), placement, { schema: suggestionListSchema })).data,
    enabled: placement !== null,
    staleTime: 30_000,
  });
}

/** Every unlinked finding of a turbine and year with its suggestions (the review screen). */
export function useLinkReview(turbineId: number, year: number) {
  return useQuery({
    queryKey: queryKeys.findings.linkReview(turbineId, year),
    queryFn: async ({ signal }) =>
      (await api.get(API_PATHS.turbineFindingLinkReview(turbineId), { query: { year }, schema: linkReviewItemSchema.array(), signal }))
        .data,
  });
}

/** Moves the finding's sightings into the earlier `target_id`; answers the earlier finding (the later one is gone).
 *  `onLinked` runs before the findings are reloaded, so a drawer can move to the earlier finding first (the later one
 *  answers 404 from then on). */
export function useLinkFinding(turbineId: number, onLinked?: (targetId: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ findingId, targetId, version }: { findingId: number; targetId: number; version: number }) =>
      (
        await api.post(API_PATHS.turbineFindingLink(turbineId, findingId), { target_id: targetId, version } satisfies LinkFindingBody, {
          schema: findingDetailSchema,
        })
      ).data,
    onSuccess: (finding) => {
      queryClient.setQueryData(queryKeys.findings.detail(turbineId, finding.id), finding);
      onLinked?.(finding.id);
    },
    onSettled: () => afterFindingsChanged(queryClient, turbineId),
  });
}

export function useDismissLinkSuggestion(turbineId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ findingId, targetId }: { findingId: number; targetId: number }) =>
      (await api.post(API_PATHS.turbineFindingLinkDismiss(turbineId, findingId, targetId), {})).message,
    onSettled: () => afterFindingsChanged(queryClient, turbineId),
  });
}

/** Adds a sighting to a finding chosen at the time (the mark form's "add to the earlier finding"). */
export function useAddObservationTo(turbineId: number) {
  return useFindingMutation(
    turbineId,
    async ({ findingId, body }: { findingId: number; body: ObservationBody }) =>
      (await api.post(API_PATHS.turbineFindingObservations(turbineId, findingId), body, { schema: findingDetailSchema })).data,
  );
}
