import { ActionIcon, Anchor, Group, Stack, Text, Tooltip } from '@mantine/core';
import { type Actor, type Comment, can } from '@windscope/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateComment } from '../../api/comments.ts';
import { useFormatters } from '../../i18n/format.ts';
import { toast } from '../../ui/toast/toast.tsx';
import { EditIcon, TrashIcon } from '../viewer-common/viewer-icons.tsx';
import { CommentEditor } from './comment-editor.tsx';
import classes from './comments-panel.module.css';
import { isEdited, truncateComment } from './truncate-comment.ts';

export interface CommentItemProps {
  comment: Comment;
  turbineId: number;
  actor: Actor | null;
  now: Date;
  onDelete: (comment: Comment) => void;
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toLocaleUpperCase('tr') || '?';
}

/** One comment: viewing, or editing (spec §4) until saved or cancelled. Edit and delete show only where can() allows:
 *  own comments within 60 minutes, superadmin any (DECISIONS §5). */
export function CommentItem({ comment, turbineId, actor, now, onDelete }: CommentItemProps) {
  const { t } = useTranslation('comments');
  const format = useFormatters();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.comment);
  const [expanded, setExpanded] = useState(false);
  const update = useUpdateComment(turbineId);

  const resource = { ownerId: comment.user_id, createdAt: comment.created_at };
  const mayEdit = can(actor, 'comment.update', resource, now);
  const mayDelete = can(actor, 'comment.delete', resource, now);
  const { short, truncated } = truncateComment(comment.comment);

  const save = () =>
    update.mutate(
      { id: comment.id, comment: draft.trim() },
      {
        onSuccess: () => setEditing(false),
        onError: (error) => {
          setEditing(false);
          toast.error(t('updateError'), error.message);
        },
      },
    );

  return (
    <article className={classes.item} data-testid="comment-item" data-comment-id={comment.id} data-own={actor?.id === comment.user_id}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <span className={classes.avatar} aria-hidden="true">
          {initials(comment.user_name)}
        </span>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {comment.user_name}
              </Text>
              <Text size="xs" c="dimmed">
                <time dateTime={comment.created_at}>{format.dateTime(comment.created_at)}</time>
                {isEdited(comment) && (
                  <Text span size="xs" c="dimmed" fs="italic" ml={6} data-testid="comment-edited">
                    {t('edited')}
                  </Text>
                )}
              </Text>
            </div>
            {!editing && (mayEdit || mayDelete) && (
              <Group gap={2} wrap="nowrap">
                {mayEdit && (
                  <Tooltip label={t('edit')} withinPortal>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('edit')}
                      data-testid="comment-edit"
                      onClick={() => {
                        setDraft(comment.comment);
                        setEditing(true);
                      }}
                    >
                      <EditIcon size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
                {mayDelete && (
                  <Tooltip label={t('delete')} withinPortal>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('delete')}
                      data-testid="comment-delete"
                      onClick={() => onDelete(comment)}
                    >
                      <TrashIcon size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            )}
          </Group>
          {editing ? (
            <CommentEditor
              value={draft}
              onChange={setDraft}
              onSubmit={save}
              onCancel={() => {
                setDraft(comment.comment);
                setEditing(false);
              }}
              submitLabel={t('save')}
              label={t('editLabel')}
              busy={update.isPending}
              autoFocus
              testId="comment-edit-form"
            />
          ) : (
            <>
              <Text size="sm" className={classes.text} data-testid="comment-text">
                {expanded || !truncated ? comment.comment : short}
              </Text>
              {truncated && (
                <Anchor
                  component="button"
                  type="button"
                  size="xs"
                  style={{ alignSelf: 'flex-start' }}
                  onClick={() => setExpanded((value) => !value)}
                  data-testid="comment-toggle"
                >
                  {expanded ? t('showLess') : t('showMore')}
                </Anchor>
              )}
            </>
          )}
        </Stack>
      </Group>
    </article>
  );
}
