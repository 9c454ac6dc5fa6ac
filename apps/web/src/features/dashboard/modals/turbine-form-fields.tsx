import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { TURBINE_STATUSES, type TurbineStatus } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { type FieldErrorCodes, fieldError } from '../../../ui/form/validate-form.ts';
import { AssetFormFields } from '../../turbine-assets/asset-form-fields.tsx';
import { DASHBOARD_NS } from '../i18n.ts';
import type { TurbineFormValues } from './turbine-form-values.ts';

interface FieldsProps {
  values: TurbineFormValues;
  errors: FieldErrorCodes;
  onChange: (change: Partial<TurbineFormValues>) => void;
  mode: 'add' | 'edit';
  /** edit: status choice (superadmin) */
  canChangeStatus: boolean;
  /** the first field when no company is chosen above */
  focusCity: boolean;
  /** edit: older coordinates text that does not read as a position (migration 0019), to be corrected */
  unreadableCoordinates?: string | null;
}

/** The turbine fields shared by the add and edit modals (company is chosen above them). */
export function TurbineFormFields({ values, errors, onChange, mode, canChangeStatus, focusCity, unreadableCoordinates }: FieldsProps) {
  const { t } = useTranslation(DASHBOARD_NS);
  return (
    <>
      <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
        <TextInput
          label={t('form.city')}
          placeholder={t('form.cityPlaceholder')}
          value={values.city}
          onChange={(event) => onChange({ city: event.currentTarget.value })}
          error={fieldError(errors, 'city')}
          withAsterisk
          data-autofocus={focusCity || undefined}
        />
        <TextInput
          label={t('form.code')}
          placeholder={t('form.codePlaceholder')}
          value={values.code}
          onChange={(event) => onChange({ code: event.currentTarget.value })}
          error={fieldError(errors, 'code')}
          withAsterisk
        />
        <TextInput
          label={t('form.location')}
          placeholder={t('form.locationPlaceholder')}
          value={values.location}
          onChange={(event) => onChange({ location: event.currentTarget.value })}
          error={fieldError(errors, 'location')}
          withAsterisk
        />
        {mode === 'add' ? (
          <NumberInput
            label={t('form.rooms')}
            value={values.rooms}
            onChange={(rooms) => onChange({ rooms: typeof rooms === 'number' ? rooms : rooms === '' ? '' : Number(rooms) })}
            error={fieldError(errors, 'rooms')}
            allowNegative={false}
            allowDecimal={false}
            clampBehavior="none"
            withAsterisk
            data-testid="turbine-rooms"
          />
        ) : (
          <Select<TurbineStatus>
            label={t('form.status')}
            data={TURBINE_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
            value={values.status}
            onChange={(status) => onChange({ status: status ?? values.status })}
            allowDeselect={false}
            disabled={!canChangeStatus}
            data-testid="turbine-status"
          />
        )}
        <TextInput
          label={t('form.turbineName')}
          placeholder={t('form.turbineNamePlaceholder')}
          value={values.turbineName}
          onChange={(event) => onChange({ turbineName: event.currentTarget.value })}
          error={fieldError(errors, 'turbine_name')}
        />
        <TextInput
          label={t('form.siteName')}
          placeholder={t('form.siteNamePlaceholder')}
          value={values.siteName}
          onChange={(event) => onChange({ siteName: event.currentTarget.value })}
          error={fieldError(errors, 'site_name')}
        />
        <TextInput
          label={t('form.coordinates')}
          placeholder={t('form.coordinatesPlaceholder')}
          value={values.coordinates}
          onChange={(event) => onChange({ coordinates: event.currentTarget.value })}
          error={fieldError(errors, 'coordinates')}
          description={
            unreadableCoordinates ? t('turbineAssets.coordinatesUnreadable', { ns: 'translation', text: unreadableCoordinates }) : undefined
          }
          style={{ gridColumn: '1 / -1' }}
          data-testid="turbine-coordinates"
        />
      </SimpleGrid>
      <AssetFormFields
        values={values.assets}
        errors={errors}
        onChange={(change) => onChange({ assets: { ...values.assets, ...change } })}
      />
    </>
  );
}
