import { API_PATHS, FILE_LIMITS, type UploadLimits, uploadLimitsSchema } from '@windscope/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** The defaults (contract FILE_LIMITS) until the server has answered, or when it cannot: the server refuses what is
 *  over its own limits anyway, with its message. */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  photo_bytes: FILE_LIMITS.photoBytes,
  report_bytes: FILE_LIMITS.reportBytes,
  max_megapixels: FILE_LIMITS.maxMegapixels,
};

const uploadLimitsQuery = {
  queryKey: queryKeys.uploadLimits(),
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await api.get(API_PATHS.uploadLimits, { schema: uploadLimitsSchema, signal })).data,
  staleTime: Number.POSITIVE_INFINITY,
};

/** The file limits this server applies (MAX_PHOTO_MB, MAX_REPORT_MB, MAX_MEGAPIXELS), asked once a visit: the upload
 *  panel flags a file over them before sending it, in the server's figures. */
export function useUploadLimits(): UploadLimits {
  return useQuery(uploadLimitsQuery).data ?? DEFAULT_UPLOAD_LIMITS;
}

/** The same, awaited: a file chosen before the first answer is checked against the server's figures, not the defaults. */
export function loadUploadLimits(queryClient: QueryClient): Promise<UploadLimits> {
  return queryClient.ensureQueryData(uploadLimitsQuery).catch(() => DEFAULT_UPLOAD_LIMITS);
}
