import { API_PATHS, type Blade, ERROR_BANNER_MS, type PhotoCategory, photoUploadResponseSchema, UPLOAD_BATCH } from '@windscope/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error.ts';
import { handleUnauthorized } from '../../../api/client.ts';
import { uploadWithProgress } from '../../../api/upload.ts';
import { toast } from '../../../ui/toast/toast.tsx';
import { authStore } from '../../auth/auth-store.ts';
import { useCurrentUser } from '../../auth/use-auth.ts';
import { afterPhotosUploaded } from '../api/turbine-api.ts';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { selectPhotoFiles } from './accept-files.ts';
import { bladeBatches, categoryBatches } from './batches.ts';
import { keepSelection, takeKeptFiles, zoneKey } from './kept-selection.ts';
import { runBatches } from './run-batches.ts';
import { checkSessionBeforeUpload } from './session-check.ts';
import { useTimedMessage } from './use-timed-message.ts';

/** Where an upload zone's photos go: a blade's room (360° blade photos) or a source category. */
export type UploadTarget =
  | { kind: 'blade'; blade: Blade; room: number; year: number }
  | { kind: 'category'; category: PhotoCategory; blade: Blade; year: number };

export interface PendingPhoto {
  id: string;
  file: File;
  name: string;
  size: number;
  /** object URL for the preview; null for files the browser cannot show (.pcd, TIFF) */
  previewUrl: string | null;
}

const SHOWN_REJECTIONS = 5;
let nextId = 0;

function previewable(file: File): boolean {
  return file.type.startsWith('image/') && file.type !== 'image/tiff';
}

function formFor(target: UploadTarget, files: PendingPhoto[]): FormData {
  // the server reads the text fields before the files (contract: photoUploadFieldsSchema)
  const form = new FormData();
  if (target.kind === 'blade') form.append('room', String(target.room));
  form.append('year', String(target.year));
  form.append('blade', target.blade);
  if (target.kind === 'category') form.append('category', target.category);
  for (const photo of files) form.append('photos', photo.file, photo.name);
  return form;
}

/** The session ended during the upload (the server said 401): the client has already signed out. */
function isSessionEnd(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/** One upload zone's state: pending files with previews, the batched upload with real progress, its messages. */
export function usePhotoUpload(turbineId: number, target: UploadTarget, existingNames: ReadonlySet<string>) {
  const { t } = useTranslation(TURBINE_NS);
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id;
  const zone = zoneKey(turbineId, target);
  const [pending, setPending] = useState<PendingPhoto[]>([]);
  const [sent, setSent] = useState<Record<string, number>>({});
  const [uploading, setUploading] = useState(false);
  const { message: notice, show: showNotice, clear: clearNotice } = useTimedMessage();
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  const abortRef = useRef<AbortController | null>(null);
  // what the unmount needs to keep the photos when the session ends (the sign-in page replaces this one)
  const latest = useRef({ zone, userId, target });
  latest.current = { zone, userId: userId ?? latest.current.userId, target };
  const keptRef = useRef(false);

  const keepForSignIn = useCallback((photos: readonly PendingPhoto[]) => {
    const { zone: key, userId: owner, target: settings } = latest.current;
    if (owner === undefined) return;
    keepSelection(
      key,
      owner,
      settings,
      photos.map((photo) => photo.file),
    );
    keptRef.current = true;
  }, []);

  useEffect(
    () => () => {
      abortRef.current?.abort();
      // any request's 401 signs out and opens the sign-in page: the chosen photos wait here for the user's return
      if (!keptRef.current && pendingRef.current.length > 0 && !authStore.getToken()) keepForSignIn(pendingRef.current);
      for (const photo of pendingRef.current) if (photo.previewUrl) URL.revokeObjectURL(photo.previewUrl);
    },
    [keepForSignIn],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      const selection = selectPhotoFiles(files, existingNames, new Set(pendingRef.current.map((p) => p.name)));
      const problems: string[] = [];
      if (selection.invalidNames.length > 0) {
        problems.push(t('upload.invalidNames', { count: selection.invalidNames.length, names: selection.invalidNames.join(', ') }));
        problems.push(t('upload.nameRules'));
      }
      if (selection.duplicateNames.length > 0) problems.push(t('upload.duplicates', { names: selection.duplicateNames.join(', ') }));
      if (problems.length > 0) showNotice(problems.join('\n'), ERROR_BANNER_MS.invalidNames);
      if (selection.accepted.length === 0) return;
      const added = selection.accepted.map((file) => ({
        id: `p${++nextId}`,
        file,
        name: file.name,
        size: file.size,
        previewUrl: previewable(file) ? URL.createObjectURL(file) : null,
      }));
      setPending((current) => [...current, ...added]);
    },
    [existingNames, showNotice, t],
  );

  // back from signing in: the photos chosen before the session ended are chosen again
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the zone this component shows
  useEffect(() => {
    const files = takeKeptFiles(zone, userId);
    if (files.length > 0) add(files);
  }, []);

  const remove = useCallback((id: string) => {
    setPending((current) => {
      const photo = current.find((p) => p.id === id);
      if (photo?.previewUrl) URL.revokeObjectURL(photo.previewUrl);
      return current.filter((p) => p.id !== id);
    });
  }, []);

  const reportFailure = useCallback(
    (error: unknown, manyBatches: boolean) => {
      const message = isApiError(error) ? error.message : manyBatches ? t('upload.batchError') : t('upload.errorFallback');
      toast.error(t('upload.errorTitle'), message, { autoClose: ERROR_BANNER_MS.pdfProblems });
    },
    [t],
  );

  const upload = useCallback(async () => {
    const files = pendingRef.current;
    if (files.length === 0 || uploading) return;
    setUploading(true);
    clearNotice();
    try {
      if ((await checkSessionBeforeUpload()) === 'expired') {
        setUploading(false);
        keepForSignIn(files);
        toast.error(t('upload.sessionExpired'), t('upload.keptForSignIn'));
        handleUnauthorized(true);
        return;
      }
    } catch (error) {
      reportFailure(error, false);
      setUploading(false);
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    const batches = target.kind === 'blade' ? bladeBatches(files) : categoryBatches(files);
    const result = await runBatches({
      batches,
      pauseMs: target.kind === 'blade' ? 0 : UPLOAD_BATCH.categoryPauseMs,
      // spec §8: a 413 says "Uploading... Please wait. Large files can take a while." (here: while they go one by one)
      onSplit: () => toast.info(t('upload.tooLarge'), t('upload.oneByOne')),
      onFileProgress: (file, loaded) => setSent((current) => (current[file.id] === loaded ? current : { ...current, [file.id]: loaded })),
      send: async (batch, onProgress) => {
        const answer = await uploadWithProgress(API_PATHS.turbinePhotos(turbineId), formFor(target, batch), {
          onProgress,
          signal: controller.signal,
          schema: photoUploadResponseSchema,
        });
        return { stored: answer.data, rejected: answer.rejected };
      },
    }).finally(() => setUploading(false));
    const processed = new Set(result.processed.map((p) => p.id));
    const sessionEnded = isSessionEnd(result.fatal);
    if (sessionEnded) {
      // the client has signed out and is opening the sign-in page: what was not stored waits for the user's return
      keepForSignIn(files.filter((p) => !processed.has(p.id)));
      toast.error(t('upload.sessionExpired'), t('upload.keptForSignIn'));
    }
    if (controller.signal.aborted) return;

    for (const photo of result.processed) if (photo.previewUrl) URL.revokeObjectURL(photo.previewUrl);
    setPending((current) => current.filter((p) => !processed.has(p.id)));
    setSent({});

    const stored = result.stored.length;
    if (stored > 0) {
      if (target.kind === 'blade') toast.success(t('upload.successBlade', { count: stored }));
      else
        toast.success(
          t('upload.successCategoryTitle'),
          t('upload.successCategory', { count: stored, category: t(`categories.${target.category}.name`) }),
        );
    }
    const refusals = [...result.refusedMessages, ...result.rejected.map((r) => r.message)];
    if (result.tooLarge.length > 0) {
      // never stored and still selected: the spec's 413 text, and what to do about it
      const advice = t('upload.tooLargeKept', { count: result.tooLarge.length, names: result.tooLarge.map((p) => p.name).join(', ') });
      toast.warning(t('upload.tooLarge'), advice, { autoClose: ERROR_BANNER_MS.pdfProblems });
      refusals.unshift(advice);
    }
    if (refusals.length > 0) {
      const shown = refusals.slice(0, SHOWN_REJECTIONS);
      if (refusals.length > SHOWN_REJECTIONS) shown.push(t('upload.more', { count: refusals.length - SHOWN_REJECTIONS }));
      showNotice(shown.join('\n'), ERROR_BANNER_MS.pdfProblems);
    }
    if (result.fatal !== null && !sessionEnded) reportFailure(result.fatal, batches.length > 1);
    if (result.processed.length > 0) await afterPhotosUploaded(queryClient, turbineId);
  }, [clearNotice, showNotice, queryClient, reportFailure, keepForSignIn, t, target, turbineId, uploading]);

  const progress = useMemo(() => {
    const total = pending.reduce((sum, p) => sum + p.size, 0);
    const loaded = pending.reduce((sum, p) => sum + Math.min(p.size, sent[p.id] ?? 0), 0);
    return { loaded, total, percent: total > 0 ? Math.round((loaded / total) * 100) : 0 };
  }, [pending, sent]);

  return { pending, sent, uploading, progress, notice, dismissNotice: clearNotice, add, remove, upload };
}

export type PhotoUploadState = ReturnType<typeof usePhotoUpload>;
