import { Alert, Badge, Button, Stack, Text } from '@mantine/core';
import type { User } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useCancelEmailChange } from '../../api/users.ts';
import { ClockIcon } from '../management/icons.tsx';
import { toast } from '../../ui/toast/toast.tsx';
import { USERS_NS } from './i18n.ts';

/** Cancels the address waiting for confirmation; the lists refresh, `onCancelled` lets a form forget it at once. */
function useCancel(user: User, onCancelled?: () => void) {
  const { t } = useTranslation(USERS_NS);
  const cancel = useCancelEmailChange();
  return {
    pending: cancel.isPending,
    run: () =>
      cancel.mutate(user.id, {
        onSuccess: (answer) => {
          toast.success(answer.message ?? t('pending.cancelled'));
          onCancelled?.();
        },
        onError: (error) => toast.error(t('pending.cancelError'), isApiError(error) ? error.message : undefined),
      }),
  };
}

/** In the users list, under the address: "Awaiting confirmation: new@x" and a cancel action (issue 13: a manager's
 *  change of an address waits for the new address to confirm it). */
export function PendingEmailBadge({ user }: { user: User }) {
  const { t } = useTranslation(USERS_NS);
  const cancel = useCancel(user);
  if (!user.pending_email) return null;
  return (
    <Stack gap={2} mt={4} align="flex-start" data-testid="pending-email">
      <Badge
        size="sm"
        variant="light"
        color="yellow"
        radius="sm"
        tt="none"
        leftSection={<ClockIcon size={12} />}
        // a long address wraps rather than widening the table (issue 24 item 20: Badge's own width is fit-content of
        // the unbroken text and its min-width max-content: the root and the label are set here)
        styles={{
          root: { height: 'auto', minWidth: 0, maxWidth: '100%', paddingBlock: 2 },
          label: { whiteSpace: 'normal', overflowWrap: 'anywhere', minWidth: 0 },
        }}
      >
        {t('pending.badge', { email: user.pending_email })}
      </Badge>
      <Button
        size="compact-xs"
        variant="subtle"
        color="gray"
        px={4}
        loading={cancel.pending}
        onClick={cancel.run}
        aria-label={t('pending.cancelLabel', { email: user.pending_email })}
        data-testid="cancel-email-change"
      >
        {t('pending.cancel')}
      </Button>
    </Stack>
  );
}

/** In the edit form, above the fields: the address waiting for confirmation and a cancel action. */
export function PendingEmailNote({ user, onCancelled }: { user: User; onCancelled: () => void }) {
  const { t } = useTranslation(USERS_NS);
  const cancel = useCancel(user, onCancelled);
  if (!user.pending_email) return null;
  return (
    <Alert color="yellow" variant="light" icon={<ClockIcon size={18} />} data-testid="pending-email-note">
      <Stack gap={6} align="flex-start">
        <Text size="sm">{t('pending.formNote', { email: user.pending_email })}</Text>
        <Button
          size="compact-sm"
          variant="default"
          loading={cancel.pending}
          onClick={cancel.run}
          aria-label={t('pending.cancelLabel', { email: user.pending_email })}
        >
          {t('pending.cancel')}
        </Button>
      </Stack>
    </Alert>
  );
}
