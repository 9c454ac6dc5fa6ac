import type { User } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { useDeleteUser } from '../../api/users.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { toast } from '../../ui/toast/toast.tsx';
import { USERS_NS } from './i18n.ts';

interface DeleteUserDialogProps {
  opened: boolean;
  onClose: () => void;
  user: User | null;
  /** a refusal goes to the page's error banner (the error, so its message follows a language switch) */
  onError: (error: Error) => void;
}

export function DeleteUserDialog({ opened, onClose, user, onError }: DeleteUserDialogProps) {
  const { t } = useTranslation(USERS_NS);
  const remove = useDeleteUser();
  const confirm = () => {
    if (!user) return;
    remove.mutate(user.id, {
      onSuccess: (answer) => {
        toast.success(answer.message ?? t('delete.deleted'));
        onClose();
      },
      onError: (error) => {
        onError(error);
        onClose();
      },
    });
  };
  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      onConfirm={confirm}
      loading={remove.isPending}
      danger
      title={t('delete.title')}
      message={user ? t('delete.question', { name: `${user.first_name} ${user.last_name}`, email: user.email }) : ''}
      confirmLabel={t('delete.confirm')}
    />
  );
}
