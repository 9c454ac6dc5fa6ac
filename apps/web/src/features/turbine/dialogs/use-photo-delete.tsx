import type { Photo } from '@windscope/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { toast } from '../../../ui/toast/toast.tsx';
import { afterPhotoDeleted, deletePhotoRequest } from '../api/turbine-api.ts';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { EscapeLayerMarker, useEscapeLayer } from './escape-stack.ts';

/** Delete with a confirmation (spec §4); on success `onDeleted` runs before the lists reload. */
export function usePhotoDelete(turbineId: number, onDeleted: (photo: Photo) => void) {
  const { t } = useTranslation(TURBINE_NS);
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<Photo | null>(null);
  const mutation = useMutation({
    mutationFn: (photo: Photo) => deletePhotoRequest(turbineId, photo.key),
    onSuccess: async (_answer, photo) => {
      toast.success(t('delete.successTitle'), t('delete.successMessage'));
      setTarget(null);
      onDeleted(photo);
      await afterPhotoDeleted(queryClient, turbineId, photo.key);
    },
    onError: (error) => {
      // the server's answer (or "Fotoğraf silinemedi"); no answer at all: the generic pair
      if (isApiError(error) && !error.isConnectionProblem && error.status > 0)
        toast.error(t('delete.errorTitle'), error.message || t('delete.errorFallback'));
      else toast.error(t('delete.genericTitle'), t('delete.genericMessage'));
    },
  });
  const close = () => {
    if (!mutation.isPending) setTarget(null);
  };
  useEscapeLayer(target !== null, close);

  const dialog = (
    <ConfirmDialog
      opened={target !== null}
      title={t('delete.title')}
      message={t('delete.message', { name: target?.originalName ?? '' })}
      confirmLabel={t('delete.confirm')}
      danger
      loading={mutation.isPending}
      onConfirm={() => target && mutation.mutate(target)}
      onClose={close}
    >
      <EscapeLayerMarker />
    </ConfirmDialog>
  );
  return { request: setTarget, dialog, open: target !== null };
}
