import { type Blade, ERROR_BANNER_MS, type PhotoCategory, type Turbine, turbineDisplayName } from '@windscope/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error.ts';
import { handleUnauthorized } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { toast } from '../../../ui/toast/toast.tsx';
import { authStore } from '../../auth/auth-store.ts';
import { useCurrentUser } from '../../auth/use-auth.ts';
import type { Placement } from '../../uploads/queue.ts';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { selectPhotoFiles } from './accept-files.ts';
import { keepSelection, takeKeptFiles, zoneKey } from './kept-selection.ts';
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

/** The zone's settings as the manager's default placement (each photo's own data may correct it in the review). */
function placementOf(target: UploadTarget): Placement {
  return {
    year: target.year,
    blade: target.blade,
    source: target.kind === 'blade' ? { kind: 'room', room: target.room } : { kind: 'category', category: target.category },
  };
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

  const upload = useCallback(async () => {
    const files = pendingRef.current;
    if (files.length === 0 || uploading) return;
    setUploading(true);
    clearNotice();
    try {
      if ((await checkSessionBeforeUpload()) === 'expired') {
        keepForSignIn(files);
        toast.error(t('upload.sessionExpired'), t('upload.keptForSignIn'));
        handleUnauthorized(true);
        return;
      }
      // the app-level upload manager takes them (DECISIONS §13): review, then tus, resumable, duplicates skipped
      const [{ uploadManager }, { openUploadPanel }] = await Promise.all([
        import('../../uploads/manager-instance.ts'),
        import('../../uploads/panel-signal.ts'),
      ]);
      const turbine = queryClient.getQueryData<Turbine>(queryKeys.turbines.detail(turbineId));
      uploadManager.add(
        { id: turbineId, name: turbine ? turbineDisplayName(turbine) : String(turbineId) },
        placementOf(target),
        files.map((p) => p.file),
      );
      for (const photo of files) if (photo.previewUrl) URL.revokeObjectURL(photo.previewUrl);
      setPending((current) => current.filter((p) => !files.includes(p)));
      openUploadPanel();
      toast.info(t('upload.queued', { count: files.length }), t('upload.queuedHint'));
    } catch (error) {
      const message = isApiError(error) ? error.message : t('upload.errorFallback');
      toast.error(t('upload.errorTitle'), message, { autoClose: ERROR_BANNER_MS.pdfProblems });
    } finally {
      setUploading(false);
    }
  }, [clearNotice, queryClient, keepForSignIn, t, target, turbineId, uploading]);

  const progress = useMemo(() => {
    const total = pending.reduce((sum, p) => sum + p.size, 0);
    const loaded = pending.reduce((sum, p) => sum + Math.min(p.size, sent[p.id] ?? 0), 0);
    return { loaded, total, percent: total > 0 ? Math.round((loaded / total) * 100) : 0 };
  }, [pending, sent]);

  return { pending, sent, uploading, progress, notice, dismissNotice: clearNotice, add, remove, upload };
}

export type PhotoUploadState = ReturnType<typeof usePhotoUpload>;
