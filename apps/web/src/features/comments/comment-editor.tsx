import { Button, Group, Text, Textarea } from '@mantine/core';
import { COMMENT_MAX_LENGTH } from '@windscope/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './comments-panel.module.css';
import { draftStatus } from './truncate-comment.ts';

export interface CommentEditorProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onCancel?: () => void;
  submitLabel: string;
  label: string;
  busy: boolean;
  autoFocus?: boolean;
  testId: string;
}

/** A comment draft: at most 500 characters with the `n/500` counter (DECISIONS §5); Ctrl+Enter sends, Escape cancels. */
export function CommentEditor({ value, onChange, onSubmit, onCancel, submitLabel, label, busy, autoFocus, testId }: CommentEditorProps) {
  const { t } = useTranslation('comments');
  const counterId = useId();
  const status = draftStatus(value);
  return (
    <form
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        if (status.valid && !busy) onSubmit();
      }}
    >
      <Textarea
        aria-label={label}
        placeholder={t('placeholder')}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        maxLength={COMMENT_MAX_LENGTH}
        rows={3}
        autoFocus={autoFocus}
        aria-describedby={counterId}
        disabled={busy}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            if (status.valid && !busy) onSubmit();
          }
          if (event.key === 'Escape' && onCancel) {
            event.preventDefault();
            event.stopPropagation();
            onCancel();
          }
        }}
      />
      <Group justify="space-between" mt={6} gap="xs" wrap="nowrap">
        <Text
          id={counterId}
          size="xs"
          c="dimmed"
          className={classes.counter}
          data-limit={status.length >= COMMENT_MAX_LENGTH}
          data-testid="comment-counter"
          aria-live="polite"
        >
          {t('counter', { count: status.length, max: COMMENT_MAX_LENGTH })}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {onCancel && (
            <Button size="xs" variant="default" onClick={onCancel} disabled={busy}>
              {t('cancel')}
            </Button>
          )}
          <Button size="xs" type="submit" disabled={!status.valid} loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
