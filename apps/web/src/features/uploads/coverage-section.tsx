import { Select } from '@mantine/core';
import { yearChoices } from '@windscope/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSection } from '../../ui/page-section.tsx';
import { CoverageMatrix } from './coverage-matrix.tsx';
import { UPLOADS_NS } from './uploads-i18n.ts';

/** The turbine page's coverage check (issue 15, item 5): which blade, source and room has no photo in the chosen year. */
export function CoverageSection({ turbineId, rooms }: { turbineId: number; rooms: number }) {
  const { t } = useTranslation(UPLOADS_NS);
  const years = useMemo(() => yearChoices(), []);
  const [year, setYear] = useState(years[0] ?? new Date().getFullYear());
  return (
    <PageSection
      titleId="coverage-title"
      title={t('coverage.sectionTitle')}
      subtitle={t('coverage.sectionSubtitle')}
      testId="coverage-section"
      actions={
        <Select
          w={120}
          label={t('coverage.year')}
          data={years.map(String)}
          value={String(year)}
          onChange={(value) => value && setYear(Number(value))}
          allowDeselect={false}
          data-testid="coverage-year"
        />
      }
    >
      <CoverageMatrix turbineId={turbineId} year={year} testId="coverage-matrix" rooms={rooms} />
    </PageSection>
  );
}
