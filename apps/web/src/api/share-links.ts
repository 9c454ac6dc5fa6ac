import {
  API_PATHS,
  type CreateShareLinkBody,
  createdShareLinkSchema,
  sharedContentSchema,
  shareLinkOpeningSchema,
  shareLinkPageSchema,
  shareLinkSchema,
  type ShareLinkState,
} from '@windscope/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** Share links (DECISIONS §17): a turbine's (or, with null, the whole company's) links, newest first. */
export function useShareLinks(turbineId: number | null) {
  return useQuery({
    queryKey: queryKeys.shareLinks.list(turbineId),
    queryFn: async ({ signal }) =>
      (
        await api.get(API_PATHS.shareLinks, {
          schema: shareLinkSchema.array(),
          query: { turbine_id: turbineId ?? undefined },
          signal,
        })
      ).data,
  });
}

export interface ShareLinkFilters {
  state?: ShareLinkState;
  turbine_id?: number;
  /** the superadmin's company filter (the server ignores it for a manager) */
  company_id?: number;
}

/** Issue 26 item 1: one page of the company's (the superadmin's: every company's) links, newest first. */
export function useShareLinkPage(filters: ShareLinkFilters, page: number) {
  return useQuery({
    queryKey: queryKeys.shareLinks.page(filters, page),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (await api.get(API_PATHS.shareLinkPage, { schema: shareLinkPageSchema, query: { ...filters, page }, signal })).data,
  });
}

/** Makes a link; the answer carries its token, the only time it is shown. */
export function useCreateShareLink(turbineId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateShareLinkBody) =>
      (await api.post(API_PATHS.turbineShareLinks(turbineId), body, { schema: createdShareLinkSchema })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.shareLinks.all() }),
  });
}

export function useRevokeShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(API_PATHS.shareLink(id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.shareLinks.all() }),
  });
}

export function useShareLinkOpenings(id: number | null) {
  return useQuery({
    queryKey: queryKeys.shareLinks.openings(id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) =>
      (await api.get(API_PATHS.shareLinkOpenings(id ?? 0), { schema: shareLinkOpeningSchema.array(), signal })).data,
  });
}

/** The recipient's side: opens a link (with its password when it has one). Never redirects to the sign-in page. */
export async function openShareLink(token: string, password?: string) {
  return (
    await api.post(API_PATHS.shareOpen, password === undefined ? { token } : { token, password }, {
      schema: sharedContentSchema,
      redirectOnUnauthorized: false,
    })
  ).data;
}

/** The recipient's page, already open, asks for new file URLs before its own expire: the same checks as an opening
 *  (a revoked or expired link is refused at once), not logged as one. */
export async function refreshShareLink(token: string, password?: string) {
  return (
    await api.post(API_PATHS.shareRefresh, password === undefined ? { token } : { token, password }, {
      schema: sharedContentSchema,
      redirectOnUnauthorized: false,
    })
  ).data;
}
