import { Button, Checkbox, Group, Select, Stack, Switch, TextInput } from '@mantine/core';
import {
  createWebhookBodySchema,
  updateWebhookBodySchema,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX_LENGTH,
  type Webhook,
  type WebhookEventType,
  type WebhookWithSecret,
} from '@windscope/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanies } from '../../api/companies.ts';
import { useCreateWebhook, useUpdateWebhook } from '../../api/webhooks.ts';
import { useFormatters } from '../../i18n/format.ts';
import { FormErrorBanner } from '../../ui/form/form-error-banner.tsx';
import { ShownOnce, ShownOnceDialog } from '../../ui/shown-once.tsx';
import { useServerErrors } from '../../ui/form/use-server-errors.ts';
import { type FieldErrorCodes, fieldError, validateForm } from '../../ui/form/validate-form.ts';
import { toast } from '../../ui/toast/toast.tsx';
import { useCurrentUser } from '../auth/use-auth.ts';
import { WEBHOOKS_NS } from './i18n.ts';

const FIELD_OF_CODE = { WEBHOOK_URL_PRIVATE: 'url', WEBHOOK_URL_NOT_HTTPS: 'url', WEBHOOK_LIMIT_REACHED: 'url' };

/** Add a hook (then its secret, once) or edit one: address, events, on/off; the superadmin also names the company. */
export function WebhookFormDialog({ editing, opened, onClose }: { editing: Webhook | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(WEBHOOKS_NS);
  return (
    <ShownOnceDialog<WebhookWithSecret>
      opened={opened}
      onClose={onClose}
      title={editing ? t('form.editTitle') : t('form.createTitle')}
      shownTitle={t('secret.title')}
      form={(onCreated, close) => (
        <WebhookForm key={editing?.id ?? 'new'} editing={editing} onCreated={onCreated} onSaved={close} onCancel={close} />
      )}
      shown={(created, done) => <ShownSecret secret={created.secret} onDone={done} />}
    />
  );
}

function WebhookForm({
  editing,
  onCreated,
  onSaved,
  onCancel,
}: {
  editing: Webhook | null;
  onCreated: (created: WebhookWithSecret) => void;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(WEBHOOKS_NS);
  const { t: tc } = useTranslation();
  const { language } = useFormatters();
  const user = useCurrentUser();
  const superadmin = user?.role === 'superadmin';
  const companies = useCompanies({ enabled: superadmin && !editing });
  const [url, setUrl] = useState(editing?.url ?? 'https://');
  const [events, setEvents] = useState<WebhookEventType[]>(editing?.events ?? ['finding.confirmed']);
  const [active, setActive] = useState(editing?.active ?? true);
  const [companyId, setCompanyId] = useState<string | null>(user ? String(user.company_id) : null);
  const [errors, setErrors] = useState<FieldErrorCodes>({});
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const pending = create.isPending || update.isPending;
  const server = useServerErrors(create.error ?? update.error, FIELD_OF_CODE);
  const shown: FieldErrorCodes = { ...server.fields, ...Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (editing) {
      const checked = validateForm(updateWebhookBodySchema, { url, events, active });
      if (!checked.ok) return setErrors(checked.errors);
      update.mutate(
        { id: editing.id, body: checked.data },
        {
          onSuccess: (answer) => {
            toast.success(answer.message ?? t('form.submitEdit'));
            onSaved();
          },
        },
      );
      return;
    }
    const checked = validateForm(createWebhookBodySchema, {
      url,
      events,
      ...(superadmin && companyId ? { company_id: Number(companyId) } : {}),
    });
    if (!checked.ok) return setErrors(checked.errors);
    create.mutate(checked.data, { onSuccess: onCreated });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="webhook-form">
      <Stack gap="md">
        <FormErrorBanner title={t('form.failed')} error={server.banner} />
        {superadmin && !editing && (
          <Select
            label={t('form.company')}
            value={companyId}
            onChange={setCompanyId}
            allowDeselect={false}
            searchable
            data={(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            data-testid="webhook-company"
          />
        )}
        <TextInput
          label={t('form.url')}
          description={t('form.urlHint')}
          value={url}
          onChange={(event) => {
            setUrl(event.currentTarget.value);
            setErrors((current) => ({ ...current, url: '' }));
            server.clear(['url']);
          }}
          error={fieldError(shown, 'url')}
          required
          type="url"
          maxLength={WEBHOOK_URL_MAX_LENGTH}
          data-autofocus
          data-testid="webhook-url"
        />
        <Checkbox.Group
          label={t('form.events')}
          value={events}
          onChange={(value) => {
            setEvents(value as WebhookEventType[]);
            setErrors((current) => ({ ...current, events: '' }));
          }}
          error={fieldError(shown, 'events')}
          required
          data-testid="webhook-events"
        >
          <Stack gap={6} mt={6}>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={WEBHOOK_EVENT_LABELS[type][language]} />
            ))}
          </Stack>
        </Checkbox.Group>
        {editing && (
          <Switch
            label={t('form.active')}
            checked={active}
            onChange={(event) => setActive(event.currentTarget.checked)}
            data-testid="webhook-active"
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {tc('common.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="webhook-submit">
            {editing ? t('form.submitEdit') : t('form.submitCreate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A signing secret, the only time it is shown, with a copy button. */
export function ShownSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation(WEBHOOKS_NS);
  const text = {
    warning: t('secret.warning'),
    label: t('secret.label'),
    copy: t('secret.copy'),
    copied: t('secret.copied'),
    done: t('secret.done'),
  };
  return <ShownOnce value={secret} text={text} onDone={onDone} testId="webhook" />;
}
