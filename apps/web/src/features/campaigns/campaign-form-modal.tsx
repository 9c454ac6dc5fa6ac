import { DateField } from '../../ui/form/date-field.tsx';
import { Button, Checkbox, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  CAMPAIGN_METHODS,
  type Campaign,
  type CampaignMethod,
  createCampaignBodySchema,
  turbineDisplayName,
  updateCampaignBodySchema,
} from '@windscope/contract';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateCampaign, useUpdateCampaign } from '../../api/campaigns.ts';
import { useCompanies } from '../../api/companies.ts';
import { useTurbines } from '../../api/turbines.ts';
import { type FieldErrorCodes, fieldError, validateForm } from '../../ui/form/validate-form.ts';
import { FormErrorBanner } from '../../ui/form/form-error-banner.tsx';
import { useServerErrors } from '../../ui/form/use-server-errors.ts';
import { toast } from '../../ui/toast/toast.tsx';
import { useCan } from '../auth/use-auth.ts';
import { CAMPAIGNS_NS } from './i18n.ts';
import { useCampaignLabels } from './labels.ts';

interface Values {
  name: string;
  companyId: string | null;
  year: string;
  methods: CampaignMethod[];
  start: string;
  end: string;
  turbineIds: string[];
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
function emptyValues(): Values {
  const today = new Date();
  return {
    name: '',
    companyId: null,
    year: String(today.getFullYear()),
    methods: ['drone'],
    start: isoDay(today),
    end: isoDay(new Date(today.getTime() + 30 * 86_400_000)),
    turbineIds: [],
  };
}
const valuesOf = (c: Campaign): Values => ({
  name: c.name,
  companyId: String(c.company_id),
  year: String(c.year),
  methods: [...c.methods],
  start: c.planned_start,
  end: c.planned_end,
  turbineIds: c.turbine_ids.map(String),
});

/** Create or edit a campaign: name, company (superadmin), year, methods, planned dates, turbines of the company. */
export function CampaignFormModal({ opened, onClose, campaign }: { opened: boolean; onClose: () => void; campaign: Campaign | null }) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const { t: tc } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={campaign ? t('form.editTitle') : t('form.addTitle')}
      centered
      radius="lg"
      size="lg"
      closeButtonProps={{ 'aria-label': tc('common.close') }}
    >
      <CampaignForm campaign={campaign} onDone={onClose} />
    </Modal>
  );
}

const FIELD_OF_CODE = {
  CAMPAIGN_TURBINE_NOT_FOUND: 'turbine_ids',
  CAMPAIGN_TURBINE_OTHER_COMPANY: 'turbine_ids',
  CAMPAIGN_COMPANY_REQUIRED: 'company_id',
  CAMPAIGN_DATES_ORDER: 'planned_end',
};

function CampaignForm({ campaign, onDone }: { campaign: Campaign | null; onDone: () => void }) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const { t: tc } = useTranslation();
  const labels = useCampaignLabels();
  const picksCompany = useCan('company.list') && !campaign;
  const [values, setValues] = useState<Values>(() => (campaign ? valuesOf(campaign) : emptyValues()));
  const [errors, setErrors] = useState<FieldErrorCodes>({});
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const mutation = campaign ? update : create;
  const server = useServerErrors(mutation.error, FIELD_OF_CODE);
  const companies = useCompanies({ enabled: picksCompany });
  const companyId = values.companyId ? Number(values.companyId) : undefined;
  const turbines = useTurbines(picksCompany || campaign ? { companyId: campaign?.company_id ?? companyId } : {});
  const choices = useMemo(() => {
    const list = (turbines.data ?? []).filter((x) => (picksCompany ? x.company_id === companyId : true));
    return list.map((x) => ({
      value: String(x.id),
      label: `${turbineDisplayName(x)}${x.code !== turbineDisplayName(x) ? ` (${x.code})` : ''}${x.site_name ? ` · ${x.site_name}` : ''}`,
      site: x.site_name ?? '',
    }));
  }, [turbines.data, picksCompany, companyId]);
  const sites = useMemo(() => {
    const bySite = new Map<string, string[]>();
    for (const c of choices) if (c.site) bySite.set(c.site, [...(bySite.get(c.site) ?? []), c.value]);
    return [...bySite].filter(([, ids]) => ids.length > 1);
  }, [choices]);
  const years = useMemo(() => {
    const now = new Date().getFullYear();
    const list = Array.from({ length: 12 }, (_, i) => String(now + 1 - i));
    return list.includes(values.year) ? list : [values.year, ...list];
  }, [values.year]);

  const set = <K extends keyof Values>(key: K, value: Values[K], apiField: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [apiField]: '' }));
    server.clear([apiField]);
  };
  const shown: FieldErrorCodes = { ...server.fields, ...Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name: values.name,
      ...(picksCompany ? { company_id: companyId } : {}),
      year: Number(values.year),
      methods: values.methods,
      planned_start: values.start,
      planned_end: values.end,
      turbine_ids: values.turbineIds.map(Number),
    };
    if (picksCompany && !companyId) {
      setErrors({ company_id: 'CAMPAIGN_COMPANY_REQUIRED' });
      return;
    }
    const checked = validateForm(campaign ? updateCampaignBodySchema : createCampaignBodySchema, body);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    const done = (answer: { message?: string }, fallback: string) => {
      toast.success(answer.message ?? fallback);
      onDone();
    };
    if (campaign) update.mutate({ id: campaign.id, body }, { onSuccess: (answer) => done(answer, t('form.updated')) });
    else create.mutate(body, { onSuccess: (answer) => done(answer, t('form.added')) });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="campaign-form">
      <Stack gap="sm">
        <FormErrorBanner title={campaign ? t('form.errorEdit') : t('form.errorAdd')} error={server.banner} />
        <TextInput
          label={t('form.name')}
          placeholder={t('form.namePlaceholder')}
          withAsterisk
          data-autofocus
          value={values.name}
          error={fieldError(shown, 'name')}
          onChange={(e) => set('name', e.currentTarget.value, 'name')}
          data-testid="campaign-name"
        />
        <SimpleGrid cols={picksCompany ? 2 : 1}>
          {picksCompany && (
            <Select
              label={t('form.company')}
              placeholder={t('form.companyPlaceholder')}
              withAsterisk
              data={(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              value={values.companyId}
              onChange={(v) => {
                set('companyId', v, 'company_id');
                setValues((current) => ({ ...current, companyId: v, turbineIds: [] }));
              }}
              error={fieldError(shown, 'company_id')}
              searchable
              data-testid="campaign-company"
            />
          )}
          <Select
            label={t('form.year')}
            withAsterisk
            data={years}
            value={values.year}
            allowDeselect={false}
            onChange={(v) => v && set('year', v, 'year')}
            error={fieldError(shown, 'year')}
            data-testid="campaign-year"
          />
        </SimpleGrid>
        <Checkbox.Group
          label={t('form.methods')}
          description={t('form.methodsHelp')}
          withAsterisk
          value={values.methods}
          onChange={(v) => set('methods', v as CampaignMethod[], 'methods')}
          error={fieldError(shown, 'methods')}
        >
          <Group gap="lg" mt={6}>
            {CAMPAIGN_METHODS.map((m) => (
              <Checkbox key={m} value={m} label={labels.method(m)} data-testid={`campaign-method-${m}`} />
            ))}
          </Group>
        </Checkbox.Group>
        <SimpleGrid cols={2}>
          <DateField
            label={t('form.start')}
            withAsterisk
            value={values.start}
            onChange={(value) => set('start', value, 'planned_start')}
            error={fieldError(shown, 'planned_start')}
            data-testid="campaign-start"
          />
          <DateField
            label={t('form.end')}
            withAsterisk
            value={values.end}
            onChange={(value) => set('end', value, 'planned_end')}
            error={fieldError(shown, 'planned_end')}
            data-testid="campaign-end"
          />
        </SimpleGrid>
        <MultiSelect
          label={t('form.turbines')}
          placeholder={values.turbineIds.length === 0 ? t('form.turbinesPlaceholder') : undefined}
          withAsterisk
          searchable
          hidePickedOptions
          nothingFoundMessage={t('form.turbinesNone')}
          data={choices}
          value={values.turbineIds}
          onChange={(v) => set('turbineIds', v, 'turbine_ids')}
          error={fieldError(shown, 'turbine_ids') ?? (picksCompany && !companyId ? t('form.pickCompanyFirst') : undefined)}
          disabled={picksCompany && !companyId}
          maxDropdownHeight={260}
          comboboxProps={{ withinPortal: true }}
          data-testid="campaign-turbines"
        />
        {choices.length > 0 && (
          <Group gap="xs">
            <Button
              size="compact-sm"
              variant="light"
              onClick={() =>
                set(
                  'turbineIds',
                  choices.map((c) => c.value),
                  'turbine_ids',
                )
              }
              data-testid="campaign-select-all"
            >
              {t('form.selectAll', { count: choices.length })}
            </Button>
            {sites.map(([site, ids]) => (
              <Button
                key={site}
                size="compact-sm"
                variant="default"
                onClick={() => set('turbineIds', [...new Set([...values.turbineIds, ...ids])], 'turbine_ids')}
              >
                {t('form.selectSite', { site, count: ids.length })}
              </Button>
            ))}
          </Group>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={mutation.isPending}>
            {tc('common.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending} data-testid="campaign-submit">
            {campaign ? t('form.submitEdit') : t('form.submitAdd')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
