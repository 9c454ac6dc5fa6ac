import {
  type Blade,
  ERROR_BANNER_MS,
  PHOTO_REJECTION_CODES,
  type PhotoCategory,
  type Turbine,
  turbineDisplayName,
} from '@windscope/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../i18n/format.ts';
import { isApiError } from '../../../api/api-error.ts';
import { handleUnauthorized } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { loadUploadLimits } from '../../../api/upload-limits.ts';
import { toast } from '../../../ui/toast/toast.tsx';
import { authStore } from '../../auth/auth-store.ts';
import { useCurrentUser } from '../../auth/use-auth.ts';
import type { Placement } from '../../uploads/queue.ts';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { selectPhotoFiles } from './accept-files.ts';
import { type ChoiceProblem, checkChosenPhoto, describeProblems } from './photo-checks.ts';
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
  /** why it will not be sent (issue 24 item 13); null: fine; undefined: still being checked */
  problem?: ChoiceProblem | null;
}

/** Chosen files are checked this many at a time, and shown checked together. */
const CHECK_BATCH = 50;

let nextId = 0;
const NO_PROGRESS: Record<string, number> = {};

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
  const { language } = useFormatters();
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id;
  const zone = zoneKey(turbineId, target);
  const [pending, setPending] = useState<PendingPhoto[]>([]);
  // bytes go through the upload manager now: the zone's own previews show no progress
  const sent: Record<string, number> = NO_PROGRESS;
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
    },
    [keepForSignIn],
  );

  /** Each chosen file's size and first bytes, before anything is sent: flagged files show why on their tile. */
  const checkAll = useCallback(
    async (photos: readonly PendingPhoto[]) => {
      const limits = await loadUploadLimits(queryClient);
      for (let start = 0; start < photos.length; start += CHECK_BATCH) {
        const batch = photos.slice(start, start + CHECK_BATCH);
        const found = new Map(
          await Promise.all(batch.map(async (photo) => [photo.id, await checkChosenPhoto(photo.file, limits.photo_bytes)] as const)),
        );
        setPending((current) => current.map((photo) => (found.has(photo.id) ? { ...photo, problem: found.get(photo.id) ?? null } : photo)));
      }
    },
    [queryClient],
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
      }));
      setPending((current) => [...current, ...added]);
      void checkAll(added);
    },
    [checkAll, existingNames, showNotice, t],
  );

  // back from signing in: the photos chosen before the session ended are chosen again
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the zone this component shows
  useEffect(() => {
    const files = takeKeptFiles(zone, userId);
    if (files.length > 0) add(files);
  }, []);

  const remove = useCallback((id: string) => {
    setPending((current) => current.filter((p) => p.id !== id));
  }, []);
  const removeFlagged = useCallback(() => {
    setPending((current) => current.filter((p) => !p.problem));
  }, []);

  const upload = useCallback(async () => {
    const files = pendingRef.current;
    const good = files.filter((p) => p.problem === null);
    if (good.length === 0 || files.some((p) => p.problem === undefined) || uploading) return;
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
      const { uploadManager, openUploadPanel } = await import('../../uploads/uploads-entry.ts');
      const turbine = queryClient.getQueryData<Turbine>(queryKeys.turbines.detail(turbineId));
      // the flagged files come along as refused, with their reason: the manager's totals count every chosen file
      const flagged = files.filter((p): p is PendingPhoto & { problem: ChoiceProblem } => Boolean(p.problem));
      const reasons = describeProblems(
        flagged.map((p) => ({ name: p.name, reason: p.problem })),
        language,
        await loadUploadLimits(queryClient),
      ).each;
      uploadManager.add(
        { id: turbineId, name: turbine ? turbineDisplayName(turbine) : String(turbineId), rooms: turbine?.rooms },
        placementOf(target),
        good.map((p) => p.file),
        flagged.map((p, i) => ({ file: p.file, code: PHOTO_REJECTION_CODES[p.problem], message: reasons[i] ?? '' })),
      );
      setPending((current) => current.filter((p) => !files.includes(p)));
      openUploadPanel();
      toast.info(t('upload.queued', { count: good.length }), t('upload.queuedHint'));
    } catch (error) {
      const message = isApiError(error) ? error.message : t('upload.errorFallback');
      toast.error(t('upload.errorTitle'), message, { autoClose: ERROR_BANNER_MS.pdfProblems });
    } finally {
      setUploading(false);
    }
  }, [clearNotice, queryClient, keepForSignIn, language, t, target, turbineId, uploading]);

  const checks = useMemo(() => {
    let ready = 0;
    let checking = 0;
    const flagged: (PendingPhoto & { problem: ChoiceProblem })[] = [];
    for (const p of pending) {
      if (p.problem === undefined) checking++;
      else if (p.problem === null) ready++;
      else flagged.push({ ...p, problem: p.problem });
    }
    return { ready, checking, flagged };
  }, [pending]);

  const progress = useMemo(() => {
    const total = pending.reduce((sum, p) => sum + p.size, 0);
    const loaded = pending.reduce((sum, p) => sum + Math.min(p.size, sent[p.id] ?? 0), 0);
    return { loaded, total, percent: total > 0 ? Math.round((loaded / total) * 100) : 0 };
  }, [pending]);

  return { pending, sent, uploading, progress, checks, notice, dismissNotice: clearNotice, add, remove, removeFlagged, upload };
}

export type PhotoUploadState = ReturnType<typeof usePhotoUpload>;
