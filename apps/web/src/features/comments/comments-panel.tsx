import '@mantine/core/styles/Tooltip.layer.css';
import { ActionIcon, Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { Comment } from '@windscope/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddComment, useComments, useDeleteComment } from '../../api/comments.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { RefreshIcon } from '../../ui/icons.tsx';
import { CloseIcon } from '../../ui/app-icons.tsx';
import { toast } from '../../ui/toast/toast.tsx';
import { actorOf, useCan, useCurrentUser } from '../auth/use-auth.ts';
import { CommentEditor } from './comment-editor.tsx';
import { CommentItem } from './comment-item.tsx';
import classes from './comments-panel.module.css';
import './register-comments-catalog.ts';
import { useNow } from './use-now.ts';

/** The comments side panel (issue 6): slides in from the right on the turbine detail page and every viewer page. */
export interface CommentsPanelProps {
  turbineId: number;
  opened: boolean;
  onClose: () => void;
}

export function CommentsPanel({ turbineId, opened, onClose }: CommentsPanelProps) {
  const { t } = useTranslation('comments');
  // mounted on first open and kept, so closing slides the content out instead of blanking it first
  const [everOpened, setEverOpened] = useState(opened);
  useEffect(() => {
    if (opened) setEverOpened(true);
  }, [opened]);
  const comments = useComments(turbineId, { enabled: opened });
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (opened) closeRef.current?.focus({ preventScroll: true });
  }, [opened]);

  return (
    <aside
      className={classes.panel}
      data-opened={opened}
      inert={!opened}
      aria-label={t('title')}
      data-testid="comments-panel"
      onKeyDown={(event) => {
        // a dialog opened from the panel lives in a portal: its Escape is its own
        if (event.key === 'Escape' && !event.defaultPrevented && event.currentTarget.contains(event.target as Node)) {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <Group className={classes.head} justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Title order={2} size="h4">
            {t('title')}
          </Title>
          {comments.data && (
            <Badge variant="light" data-testid="comments-count">
              {t('count', { count: comments.data.length })}
            </Badge>
          )}
        </Group>
        <ActionIcon
          ref={closeRef}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('close')}
          onClick={onClose}
          data-testid="comments-close"
        >
          <CloseIcon size={18} />
        </ActionIcon>
      </Group>
      {everOpened && <CommentsBody turbineId={turbineId} comments={comments} />}
    </aside>
  );
}

function CommentsBody({ turbineId, comments }: { turbineId: number; comments: ReturnType<typeof useComments> }) {
  const { t } = useTranslation('comments');
  const user = useCurrentUser();
  const actor = actorOf(user);
  const now = useNow();
  const mayComment = useCan('comment.create');
  const [draft, setDraft] = useState('');
  const [toDelete, setToDelete] = useState<Comment | null>(null);
  const add = useAddComment(turbineId);
  const remove = useDeleteComment(turbineId);
  const listRef = useRef<HTMLDivElement>(null);
  const scrollToEnd = useRef(false);

  const count = comments.data?.length ?? 0;
  useEffect(() => {
    // after the user's own new comment arrives, show it at the bottom of the list
    if (scrollToEnd.current && count > 0 && listRef.current) {
      listRef.current.scrollTop = listRef.current.scrollHeight;
      scrollToEnd.current = false;
    }
  }, [count]);

  const submit = () =>
    add.mutate(draft.trim(), {
      onSuccess: () => {
        setDraft('');
        scrollToEnd.current = true;
      },
      onError: (error) => {
        console.error('Adding a comment failed', error);
        toast.error(t('addError'), error.message);
      },
    });

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => setToDelete(null),
      onError: (error) => {
        setToDelete(null);
        toast.error(t('deleteError'), error.message);
      },
    });
  };

  return (
    <>
      <div className={classes.list} ref={listRef} data-testid="comments-list">
        {comments.isPending && (
          <Group justify="center" py="xl" gap="xs" role="status">
            <Loader size="sm" type="dots" />
            <Text size="sm" c="dimmed">
              {t('loading')}
            </Text>
          </Group>
        )}
        {comments.isError && (
          <Alert color="red" variant="light" title={t('loadError')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{comments.error.message}</Text>
              <Button size="xs" variant="default" leftSection={<RefreshIcon size={14} />} onClick={() => void comments.refetch()}>
                {t('retry')}
              </Button>
            </Stack>
          </Alert>
        )}
        {comments.data?.length === 0 && (
          <Stack gap={4} align="center" py="xl" ta="center" data-testid="comments-empty">
            <Text fw={600}>{t('empty')}</Text>
            {mayComment && (
              <Text size="sm" c="dimmed">
                {t('emptyHint')}
              </Text>
            )}
          </Stack>
        )}
        {comments.data?.map((comment) => (
          <CommentItem key={comment.id} comment={comment} turbineId={turbineId} actor={actor} now={now} onDelete={setToDelete} />
        ))}
      </div>
      <div className={classes.foot}>
        {mayComment ? (
          <Stack gap={6}>
            <CommentEditor
              value={draft}
              onChange={setDraft}
              onSubmit={submit}
              submitLabel={t('send')}
              label={t('label')}
              busy={add.isPending}
              testId="comment-add-form"
            />
            {user?.role !== 'superadmin' && (
              <Text size="xs" c="dimmed">
                {t('editWindow')}
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed" data-testid="comments-read-only">
            {t('readOnly')}
          </Text>
        )}
      </div>
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('deleteTitle')}
        message={t('deleteConfirm')}
        confirmLabel={t('deleteButton')}
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
