import { Button, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  API_TOKEN_EXPIRY_PRESETS,
  API_TOKEN_SCOPES,
  type ApiTokenScope,
  type CreatedApiToken,
  createApiTokenBodySchema,
} from '@windscope/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateApiToken } from '../../api/api-tokens.ts';
import { FormErrorBanner } from '../../ui/form/form-error-banner.tsx';
import { ShownOnce, ShownOnceDialog } from '../../ui/shown-once.tsx';
import { useServerErrors } from '../../ui/form/use-server-errors.ts';
import { type FieldErrorCodes, fieldError, validateForm } from '../../ui/form/validate-form.ts';
import { ACCOUNT_NS } from './i18n.ts';

const FIELD_OF_CODE = { API_TOKEN_LIMIT_REACHED: 'name' };

/** Create a token: name, access, lifetime (presets up to a year); then the token, once, with a copy button. */
export function CreateTokenDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(ACCOUNT_NS);
  return (
    <ShownOnceDialog<CreatedApiToken>
      opened={opened}
      onClose={onClose}
      title={t('tokens.form.title')}
      shownTitle={t('tokens.shown.title')}
      form={(onCreated, cancel) => <TokenForm onCreated={onCreated} onCancel={cancel} />}
      shown={(token, done) => <ShownToken token={token} onDone={done} />}
    />
  );
}

function TokenForm({ onCreated, onCancel }: { onCreated: (token: CreatedApiToken) => void; onCancel: () => void }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const { t: tc } = useTranslation();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [days, setDays] = useState<string>('90');
  const [errors, setErrors] = useState<FieldErrorCodes>({});
  const create = useCreateApiToken();
  const server = useServerErrors(create.error, FIELD_OF_CODE);
  const shown: FieldErrorCodes = { ...server.fields, ...Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) };
  const scopeLabel = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateForm(createApiTokenBodySchema, { name, scope, expires_in_days: Number(days) });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    create.mutate(checked.data, { onSuccess: onCreated });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="api-token-form">
      <Stack gap="md">
        <FormErrorBanner title={t('tokens.form.failed')} error={server.banner} />
        <TextInput
          label={t('tokens.form.name')}
          placeholder={t('tokens.form.namePlaceholder')}
          description={t('tokens.form.nameHint')}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setErrors((current) => ({ ...current, name: '' }));
            server.clear(['name']);
          }}
          error={fieldError(shown, 'name') ?? shown.name}
          required
          maxLength={100}
          data-autofocus
          data-testid="api-token-name"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={scopeLabel}>
            {t('tokens.form.scope')}
          </Text>
          <SegmentedControl
            aria-labelledby={scopeLabel}
            value={scope}
            onChange={(value) => setScope(value as ApiTokenScope)}
            data={API_TOKEN_SCOPES.map((value) => ({ value, label: t(`tokens.scope.${value}`) }))}
            w="fit-content"
            data-testid="api-token-scope"
          />
        </Stack>
        <Select
          label={t('tokens.form.expiry')}
          value={days}
          onChange={(value) => value && setDays(value)}
          allowDeselect={false}
          data={API_TOKEN_EXPIRY_PRESETS.map((n) => ({
            value: String(n),
            label: n === 365 ? t('tokens.form.year') : t('tokens.form.days', { count: n }),
          }))}
          error={fieldError(shown, 'expires_in_days')}
          w={240}
          data-testid="api-token-expiry"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            {tc('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="api-token-submit">
            {t('tokens.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ShownToken({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const text = {
    warning: t('tokens.shown.warning'),
    label: t('tokens.shown.label'),
    copy: t('tokens.shown.copy'),
    copied: t('tokens.shown.copied'),
    done: t('tokens.shown.done'),
  };
  return <ShownOnce value={token.token} text={text} onDone={onDone} testId="api-token" />;
}
