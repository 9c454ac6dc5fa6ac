import '@mantine/core/styles/Fieldset.layer.css';
import { Fieldset, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { TURBINE_ASSET_FIELDS, TURBINE_ASSET_NUMBER_FIELDS, type TurbineAssetField, turbineAssetTextMax } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../i18n/format.ts';
import { DateField } from '../../ui/form/date-field.tsx';
import { type FieldErrorCodes, fieldError } from '../../ui/form/validate-form.ts';
import { type AssetFormValues, assetLabel } from './asset-values.ts';

const isNumberField = (field: TurbineAssetField) => (TURBINE_ASSET_NUMBER_FIELDS as readonly string[]).includes(field);

interface AssetFormFieldsProps {
  values: AssetFormValues;
  errors: FieldErrorCodes;
  onChange: (change: Partial<AssetFormValues>) => void;
}

/** The optional asset data of the turbine form (issue 27 item 1), two columns, numbers with the language's decimal mark. */
export function AssetFormFields({ values, errors, onChange }: AssetFormFieldsProps) {
  const { t } = useTranslation();
  const { language } = useFormatters();
  return (
    <Fieldset legend={t('turbineAssets.legend')} variant="unstyled" data-testid="turbine-asset-fields">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
        {TURBINE_ASSET_FIELDS.map((field) => {
          const label = assetLabel(field, language);
          const error = fieldError(errors, field);
          const testId = `turbine-asset-${field}`;
          if (field === 'commissioning_date')
            return (
              <DateField
                key={field}
                label={label}
                value={values.commissioning_date}
                onChange={(commissioning_date) => onChange({ commissioning_date })}
                error={error}
                data-testid={testId}
              />
            );
          if (isNumberField(field)) {
            const value = values[field as keyof AssetFormValues];
            return (
              <NumberInput
                key={field}
                label={label}
                value={value}
                onChange={(next) => onChange({ [field]: typeof next === 'number' ? next : next === '' ? '' : Number(next) })}
                error={error}
                allowNegative={false}
                decimalScale={2}
                decimalSeparator={language === 'tr' ? ',' : '.'}
                hideControls
                clampBehavior="none"
                data-testid={testId}
              />
            );
          }
          return (
            <TextInput
              key={field}
              label={label}
              value={values[field as keyof AssetFormValues] as string}
              onChange={(event) => onChange({ [field]: event.currentTarget.value })}
              error={error}
              maxLength={turbineAssetTextMax(field as Parameters<typeof turbineAssetTextMax>[0])}
              data-testid={testId}
            />
          );
        })}
      </SimpleGrid>
    </Fieldset>
  );
}
