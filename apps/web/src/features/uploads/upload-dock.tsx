import '@mantine/core/styles/Progress.layer.css';
import { Button, Modal, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../auth/use-auth.ts';
import { afterPhotosUploaded } from '../turbine/api/turbine-api.ts';
import { uploadManager } from './manager-instance.ts';
import { onOpenUploadPanel } from './panel-signal.ts';
import { filesToSend, overallProgress } from './queue.ts';
import { UploadPanel } from './upload-panel.tsx';
import classes from './uploads.module.css';
import { UPLOADS_NS } from './uploads-i18n.ts';

const REFRESH_MS = 5000;

/** The upload manager in the signed-in layout: it restores the user's queue, keeps the photo lists fresh while files
 *  arrive, and shows a small indicator that opens the panel (a dialog). */
export function UploadDock() {
  const { t } = useTranslation(UPLOADS_NS);
  const userId = useCurrentUser()?.id;
  const queryClient = useQueryClient();
  const snap = useSyncExternalStore(uploadManager.subscribe, uploadManager.getSnapshot);
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    if (userId !== undefined) void uploadManager.restore(userId);
  }, [userId]);
  useEffect(() => onOpenUploadPanel(() => setOpened(true)), []);
  // asked once after a reload: the panel opens with the question
  useEffect(() => {
    if (snap.askForFiles) setOpened(true);
  }, [snap.askForFiles]);

  // stored photos show up on the turbine pages (at most every few seconds), and once more when a turbine's queue ends
  useEffect(() => {
    const due = new Set<number>();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      for (const turbineId of due) void afterPhotosUploaded(queryClient, turbineId);
      due.clear();
    };
    const stop = uploadManager.onEvent((event) => {
      due.add(event.turbineId);
      if (event.type === 'turbineFinished') {
        flush();
        setOpened(true);
      } else timer ??= setTimeout(flush, REFRESH_MS);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient]);

  // the link is back: what failed for want of it goes again
  useEffect(() => {
    const online = () =>
      uploadManager.retryFailed(
        uploadManager
          .getSnapshot()
          .items.filter((i) => i.state === 'failed' && !i.code)
          .map((i) => i.id),
      );
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);

  // leaving while bytes are on their way: the browser asks (a reload would need the files chosen again)
  const busy = snap.totals.active > 0 && !snap.paused && !snap.follower;
  useEffect(() => {
    if (!busy) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  const { totals } = snap;
  if (totals.files === 0 && !opened) return null;
  const toSend = filesToSend(totals);
  const { percent } = overallProgress(totals);
  const status = snap.askForFiles
    ? t('indicator.missing')
    : snap.paused
      ? t('indicator.paused')
      : totals.failed > 0
        ? t('indicator.failed', { count: totals.failed })
        : totals.review > 0 && toSend === 0
          ? t('indicator.review', { count: totals.review })
          : t('indicator.count', { done: totals.done, total: totals.files });

  return (
    <>
      {totals.files > 0 && !opened && (
        <div className={classes.dock}>
          <Button
            variant="filled"
            radius="xl"
            size="md"
            onClick={() => setOpened(true)}
            // the name begins with the words it shows (axe label-content-name-mismatch: speech input says what it sees)
            aria-label={t('indicator.open', { text: t('indicator.text', { status }), done: totals.done, total: totals.files, percent })}
            data-testid="upload-indicator"
            data-percent={percent}
          >
            <Stack gap={2} align="flex-start">
              <Text size="sm" fw={700} lh={1.1}>
                {t('indicator.text', { status })}
              </Text>
              {toSend > 0 && (
                <Progress
                  value={percent}
                  size="xs"
                  w={140}
                  transitionDuration={0}
                  color="white"
                  bg="rgba(255,255,255,0.3)"
                  aria-hidden="true"
                />
              )}
            </Stack>
          </Button>
        </div>
      )}
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        size={880}
        yOffset="4vh"
        title={t('panel.title')}
        closeButtonProps={{ 'aria-label': t('panel.close') }}
        data-testid="upload-dialog"
      >
        <UploadPanel />
      </Modal>
    </>
  );
}
