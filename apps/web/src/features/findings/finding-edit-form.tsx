import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { FindingDetail } from '@windscope/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useUpdateFinding } from '../../api/findings.ts';
import { AlertCircleIcon } from '../../ui/app-icons.tsx';
import { FormErrorBanner } from '../../ui/form/form-error-banner.tsx';
import { useServerErrors } from '../../ui/form/use-server-errors.ts';
import type { FieldErrorCodes } from '../../ui/form/validate-form.ts';
import { toast } from '../../ui/toast/toast.tsx';
import { useTurbine } from '../turbine/api/turbine-api.ts';
import {
  changedFields,
  changeValues,
  type EditSession,
  editBody,
  type FindingFormValues,
  loadCurrent,
  markStale,
  myEntries,
  reapplyMine,
} from './finding-edit-values.ts';
import { FindingFieldInputs } from './finding-field-inputs.tsx';
import { useFindingFieldText } from './finding-history.tsx';
import { FINDINGS_NS } from './findings-i18n.ts';

const STALE = 'FINDING_STALE';

/** After a stale save: the clear message, "load the current values", and the user's own entries kept beside the form
 *  with "apply them again" (nothing typed is lost). */
function StaleNotice({
  session,
  loading,
  onLoad,
  onReapply,
}: {
  session: EditSession;
  loading: boolean;
  onLoad: () => void;
  onReapply: () => void;
}) {
  const { t } = useTranslation(FINDINGS_NS);
  const text = useFindingFieldText();
  const entries = myEntries(session);
  if (!session.conflict) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      title={t('edit.staleTitle')}
      icon={<AlertCircleIcon size={18} />}
      role="alert"
      data-testid="finding-edit-stale"
      data-loaded={session.conflict.loaded}
    >
      <Stack gap="xs">
        <Text size="sm">{session.conflict.loaded ? t('edit.staleLoaded') : t('edit.staleText')}</Text>
        {entries.length > 0 && (
          <Paper withBorder p="xs" radius="sm" data-testid="finding-edit-mine">
            <Text size="xs" fw={700}>
              {t('edit.yours')}
            </Text>
            {entries.map((entry) => (
              <Text size="sm" key={entry.field} data-field={entry.field} style={{ overflowWrap: 'anywhere' }}>
                {`${text.name(entry.field)}: ${text.value(entry.field, entry.value)}`}
              </Text>
            ))}
          </Paper>
        )}
        <Group gap="xs">
          {!session.conflict.loaded && (
            <Button size="xs" onClick={onLoad} loading={loading} data-testid="finding-edit-load-current">
              {t('edit.loadCurrent')}
            </Button>
          )}
          {session.conflict.loaded && entries.length > 0 && (
            <Button size="xs" variant="light" onClick={onReapply} data-testid="finding-edit-reapply">
              {t('edit.reapply')}
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}

/** The drawer's edit form (issue 24 item 1): the finding's fields, saved with the version the edit started from. The
 *  session lives in the drawer, so switching to the timeline tab and back keeps what was typed. */
export function FindingEditForm({
  turbineId,
  session,
  onSession,
  onDone,
  loadFinding,
}: {
  turbineId: number;
  session: EditSession;
  onSession: (next: (current: EditSession) => EditSession) => void;
  onDone: () => void;
  /** the finding as the server has it now */
  loadFinding: () => Promise<FindingDetail | undefined>;
}) {
  const { t } = useTranslation(FINDINGS_NS);
  const update = useUpdateFinding(turbineId, session.findingId);
  const rooms = useTurbine(turbineId).data?.rooms;
  const [errors, setErrors] = useState<FieldErrorCodes>({});
  const [loading, setLoading] = useState(false);
  const staleError = isApiError(update.error) && update.error.code === STALE;
  const server = useServerErrors(staleError ? null : update.error);
  const nothingChanged = changedFields(session.values, session.started).length === 0;

  const change = (next: Partial<FindingFormValues>) => {
    onSession((current) => changeValues(current, next));
    setErrors({});
    server.clear(Object.keys(next));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = editBody(session.values, session.started, session.version);
    if (!result.ok) return setErrors(result.errors);
    update.mutate(result.body, {
      onSuccess: () => {
        toast.success(t('edit.saved'));
        onDone();
      },
      onError: (error) => {
        if (isApiError(error) && error.code === STALE) onSession(markStale);
      },
    });
  };
  const loadCurrentValues = async () => {
    setLoading(true);
    try {
      const current = await loadFinding();
      if (current) {
        onSession((s) => loadCurrent(s, current));
        update.reset();
      }
    } finally {
      setLoading(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="finding-edit-form" aria-label={t('edit.title')}>
      <Stack gap="sm">
        <StaleNotice session={session} loading={loading} onLoad={() => void loadCurrentValues()} onReapply={() => onSession(reapplyMine)} />
        <FormErrorBanner title={t('edit.saveError')} error={server.banner} />
        <FindingFieldInputs
          values={session.values}
          onChange={change}
          errors={{ ...server.fields, ...errors }}
          testIdPrefix="finding-edit"
          rooms={rooms}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onDone} disabled={update.isPending} data-testid="finding-edit-cancel">
            {t('edit.cancel')}
          </Button>
          <Button
            type="submit"
            size="xs"
            loading={update.isPending}
            disabled={nothingChanged || (session.conflict !== null && !session.conflict.loaded)}
            data-testid="finding-edit-save"
          >
            {t('edit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
