import type { UseMutationResult } from '@tanstack/react-query';
import { toast } from '../../ui/toast/toast.tsx';

/** The flow every delete confirmation shares: delete by id, toast the server's message (or a fallback),
 *  close; closing forgets a previous failure. `onError` adds a toast where the dialog wants one. */
export function useDeleteAction<Answer extends { message?: string }>(
  mutation: UseMutationResult<Answer, Error, number>,
  options: { onClose: () => void; deletedMessage: string; onError?: (error: Error) => void },
) {
  const close = () => {
    mutation.reset();
    options.onClose();
  };
  const confirm = (id: number | undefined) => {
    if (id === undefined) return;
    mutation.mutate(id, {
      onSuccess: (answer) => {
        toast.success(answer.message ?? options.deletedMessage);
        close();
      },
      onError: options.onError,
    });
  };
  return { close, confirm };
}
