import { API_PATHS, ERROR_BANNER_MS, reportUploadResponseSchema } from '@windscope/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error.ts';
import { uploadWithProgress } from '../../../api/upload.ts';
import { toast } from '../../../ui/toast/toast.tsx';
import { afterReportsChanged } from '../api/turbine-api.ts';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { runBatches } from '../upload/run-batches.ts';
import { checkSessionBeforeUpload } from '../upload/session-check.ts';
import { useTimedMessage } from '../upload/use-timed-message.ts';
import { reportSelectionMessage, splitReportFiles } from './report-checks.ts';

export interface PendingReport {
  id: string;
  file: File;
  name: string;
  size: number;
}

let nextId = 0;

/** PDF reports: chosen, checked (PDF, names), sent in one request with real progress, then the list reloads. */
export function useReportUpload(turbineId: number, year: number) {
  const { t } = useTranslation(TURBINE_NS);
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingReport[]>([]);
  const [sent, setSent] = useState<Record<string, number>>({});
  const [uploading, setUploading] = useState(false);
  const { message: notice, show: showNotice, clear: clearNotice } = useTimedMessage();
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);

  const add = useCallback(
    (files: readonly File[]) => {
      const selection = splitReportFiles(files);
      const problem = reportSelectionMessage(selection, {
        notPdf: (count) => t('reports.notPdf', { count }),
        badNames: (count) => t('reports.badNames', { count }),
        skipped: t('reports.skipped'),
      });
      if (problem) showNotice(problem, ERROR_BANNER_MS.pdfProblems);
      setPending((current) => {
        const names = new Set(current.map((r) => r.name.toLowerCase()));
        const added = selection.valid
          .filter((file) => !names.has(file.name.toLowerCase()))
          .map((file) => ({ id: `r${++nextId}`, file, name: file.name, size: file.size }));
        return [...current, ...added];
      });
    },
    [showNotice, t],
  );

  const remove = useCallback((id: string) => setPending((current) => current.filter((r) => r.id !== id)), []);

  const upload = useCallback(async () => {
    if (pending.length === 0 || uploading) return;
    setUploading(true);
    clearNotice();
    try {
      if ((await checkSessionBeforeUpload()) === 'expired') {
        showNotice(t('upload.sessionExpired'));
        setUploading(false);
        return;
      }
    } catch (error) {
      showNotice(isApiError(error) ? error.message : t('reports.uploadError'), ERROR_BANNER_MS.pdfProblems);
      setUploading(false);
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    const result = await runBatches({
      batches: [pending],
      pauseMs: 0,
      onFileProgress: (file, loaded) => setSent((current) => ({ ...current, [file.id]: loaded })),
      send: async (batch, onProgress) => {
        const form = new FormData();
        form.append('year', String(year));
        for (const report of batch) form.append('reports', report.file, report.name);
        const answer = await uploadWithProgress(API_PATHS.turbineReports(turbineId), form, {
          onProgress,
          signal: controller.signal,
          schema: reportUploadResponseSchema,
        });
        return { stored: answer.data, rejected: answer.rejected };
      },
    }).finally(() => setUploading(false));
    if (controller.signal.aborted) return;
    setSent({});
    const processed = new Set(result.processed.map((r) => r.id));
    setPending((current) => current.filter((r) => !processed.has(r.id)));
    if (result.stored.length > 0) toast.success(t('reports.uploaded', { count: result.stored.length }));
    const problems = [...result.refusedMessages, ...result.rejected.map((r) => r.message)];
    if (result.fatal !== null) problems.push(isApiError(result.fatal) ? result.fatal.message : t('reports.uploadError'));
    if (problems.length > 0) showNotice(problems.join('\n'), ERROR_BANNER_MS.pdfProblems);
    if (result.stored.length > 0) await afterReportsChanged(queryClient, turbineId);
  }, [clearNotice, pending, queryClient, showNotice, t, turbineId, uploading, year]);

  const progress = useMemo(() => {
    const total = pending.reduce((sum, r) => sum + r.size, 0);
    const loaded = pending.reduce((sum, r) => sum + Math.min(r.size, sent[r.id] ?? 0), 0);
    return { percent: total > 0 ? Math.round((loaded / total) * 100) : 0 };
  }, [pending, sent]);

  return { pending, sent, uploading, progress, notice, dismissNotice: clearNotice, add, remove, upload };
}
