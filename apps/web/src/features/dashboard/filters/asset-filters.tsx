import { Select } from '@mantine/core';
import { type AssetFilterKey, assetFilterChoices, type Turbine, type TurbineFilters } from '@windscope/contract';
import { type Dispatch, memo, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../i18n/format.ts';
import { assetLabel } from '../../turbine-assets/asset-values.ts';
import { DASHBOARD_NS } from '../i18n.ts';

/** The values to choose from: the manufacturers, models and blade types the listed turbines have (issue 27). */
export type AssetChoices = Record<AssetFilterKey, string[]>;
export const assetChoicesOf = (turbines: readonly Turbine[]): AssetChoices => ({
  manufacturer: assetFilterChoices(turbines, 'manufacturer'),
  model: assetFilterChoices(turbines, 'model'),
  bladeType: assetFilterChoices(turbines, 'bladeType'),
});

const FIELD = { manufacturer: 'manufacturer', model: 'model', bladeType: 'blade_type' } as const;
const KEYS: AssetFilterKey[] = ['manufacturer', 'model', 'bladeType'];

interface AssetFiltersProps {
  choices: AssetChoices;
  values: Pick<TurbineFilters, AssetFilterKey>;
  onFiltersChange: Dispatch<SetStateAction<TurbineFilters>>;
}

/** One select per asset field some turbine has a value of (none while no turbine has one); a chosen value stays
 *  offered even when it no longer occurs, so it can be cleared. */
export const AssetFilters = memo(function AssetFilters({ choices, values, onFiltersChange }: AssetFiltersProps) {
  const { t } = useTranslation(DASHBOARD_NS);
  const { language } = useFormatters();
  return (
    <>
      {KEYS.map((key) => {
        const value = values[key];
        const data = value !== null && !choices[key].includes(value) ? [value, ...choices[key]] : choices[key];
        if (data.length === 0) return null;
        return (
          <Select
            key={key}
            label={assetLabel(FIELD[key], language)}
            placeholder={t('filters.anyAsset')}
            data={data}
            value={value}
            onChange={(next) => onFiltersChange((current) => ({ ...current, [key]: next }))}
            clearable
            searchable
            w={180}
            data-testid={`filter-${FIELD[key]}`}
          />
        );
      })}
    </>
  );
});
