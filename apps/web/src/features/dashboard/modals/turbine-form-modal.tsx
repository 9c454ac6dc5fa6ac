import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import type { Turbine } from '@windscope/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanies } from '../../../api/companies.ts';
import { useCreateTurbine, useUpdateTurbine } from '../../../api/turbines.ts';
import { type FieldErrorCodes, fieldError } from '../../../ui/form/validate-form.ts';
import { FormErrorBanner } from '../../../ui/form/form-error-banner.tsx';
import { useServerErrors } from '../../../ui/form/use-server-errors.ts';
import { toast } from '../../../ui/toast/toast.tsx';
import { useCan, useCurrentUser } from '../../auth/use-auth.ts';
import { DASHBOARD_NS } from '../i18n.ts';
import { TurbineFormFields } from './turbine-form-fields.tsx';
import {
  emptyTurbineForm,
  requiredAddFieldsFilled,
  roomsErrorCode,
  type TurbineFormValues,
  turbineFormFrom,
  validateAddTurbine,
  validateEditTurbine,
} from './turbine-form-values.ts';

interface TurbineFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** null: add a turbine; a turbine: edit it */
  turbine: Turbine | null;
}

/** Add or edit a turbine (spec §2, §5). Escape or an outside click closes; the form is new on every opening. */
export function TurbineFormModal({ opened, onClose, turbine }: TurbineFormModalProps) {
  const { t } = useTranslation(DASHBOARD_NS);
  const { t: tc } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={turbine ? t('form.editTitle') : t('form.addTitle')}
      size="lg"
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': tc('common.close') }}
    >
      <TurbineForm turbine={turbine} onDone={onClose} />
    </Modal>
  );
}

/** server refusals that concern one field of the form */
const TURBINE_FIELD_OF_CODE = {
  TURBINE_CODE_TAKEN: 'code',
  TURBINE_COMPANY_REQUIRED: 'company_id',
  TURBINE_ROOMS_MIN: 'rooms',
  TURBINE_COORDINATES_INVALID: 'coordinates',
  TURBINE_RATED_POWER_INVALID: 'rated_power_kw',
  TURBINE_HUB_HEIGHT_INVALID: 'hub_height_m',
  TURBINE_ROTOR_DIAMETER_INVALID: 'rotor_diameter_m',
  TURBINE_BLADE_LENGTH_INVALID: 'blade_length_m',
  TURBINE_COMMISSIONING_DATE_INVALID: 'commissioning_date',
};

function TurbineForm({ turbine, onDone }: { turbine: Turbine | null; onDone: () => void }) {
  const { t } = useTranslation(DASHBOARD_NS);
  const { t: tc } = useTranslation();
  const user = useCurrentUser();
  const choosesCompany = useCan('turbine.changeCompany');
  const canChangeStatus = useCan('turbine.update');
  const companies = useCompanies({ enabled: choosesCompany });
  const create = useCreateTurbine();
  const update = useUpdateTurbine();
  const mutation = turbine ? update : create;
  const mode = turbine ? 'edit' : 'add';

  const [values, setValues] = useState<TurbineFormValues>(() =>
    turbine ? turbineFormFrom(turbine) : emptyTurbineForm(choosesCompany ? null : (user?.company_id ?? null)),
  );
  const [errors, setErrors] = useState<FieldErrorCodes>({});
  const server = useServerErrors(mutation.error, TURBINE_FIELD_OF_CODE);
  const change = (next: Partial<TurbineFormValues>) => {
    setValues((current) => ({ ...current, ...next }));
    setErrors({});
    server.clear(next.assets ? Object.keys(next.assets) : Object.keys(next));
  };
  const shownErrors: FieldErrorCodes = { ...server.fields, ...errors };
  const liveRooms = mode === 'add' ? roomsErrorCode(values.rooms) : undefined;
  if (liveRooms) shownErrors.rooms = liveRooms;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (turbine) {
      const result = validateEditTurbine(values, turbine);
      if (!result.ok) return setErrors(result.errors);
      update.mutate(
        { id: turbine.id, body: result.body },
        {
          onSuccess: (answer) => {
            toast.success(answer.message ?? t('form.updated'));
            onDone();
          },
        },
      );
      return;
    }
    const result = validateAddTurbine(values, choosesCompany);
    if (!result.ok) return setErrors(result.errors);
    create.mutate(result.body, {
      onSuccess: (answer) => {
        toast.success(answer.message ?? t('form.added'));
        onDone();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="turbine-form">
      <Stack gap="md">
        <FormErrorBanner title={turbine ? t('errors.update') : t('errors.add')} error={server.banner} />
        {choosesCompany ? (
          <Select<number>
            label={t('form.company')}
            placeholder={t('form.companyPlaceholder')}
            data={(companies.data ?? []).map((company) => ({ value: company.id, label: company.name }))}
            value={values.companyId}
            onChange={(companyId) => change({ companyId })}
            error={fieldError(shownErrors, 'company_id') ?? (companies.isError ? t('errors.loadCompanies') : undefined)}
            searchable
            withAsterisk
            data-autofocus={mode === 'add' || undefined}
            data-testid="turbine-company-select"
          />
        ) : mode === 'add' ? (
          <Text size="sm" c="dimmed" data-testid="own-company-note">
            {t('form.ownCompany', { company: user?.company_name ?? '' })}
          </Text>
        ) : (
          <TextInput
            label={t('form.company')}
            value={turbine?.company_name ?? ''}
            description={t('form.companyLocked')}
            disabled
            readOnly
          />
        )}
        <TurbineFormFields
          values={values}
          errors={shownErrors}
          onChange={change}
          mode={mode}
          canChangeStatus={canChangeStatus}
          focusCity={mode === 'edit' || !choosesCompany}
          unreadableCoordinates={turbine?.coordinates ? null : turbine?.coordinates_unreadable}
        />
        {mode === 'add' && (
          <Text size="xs" c="dimmed">
            {t('form.requiredHint')}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={mutation.isPending}>
            {tc('common.cancel')}
          </Button>
          <Button
            type="submit"
            loading={mutation.isPending}
            disabled={mode === 'add' && !requiredAddFieldsFilled(values)}
            data-testid="turbine-submit"
          >
            {turbine ? t('form.submitEdit') : t('form.submitAdd')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
