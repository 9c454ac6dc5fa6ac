import { Select, SimpleGrid } from '@mantine/core';
import { BLADES, type Photo, yearChoices } from '@windscope/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { useKeptTarget, zoneKey } from '../upload/kept-selection.ts';
import { BladePanel } from './blade-panel.tsx';
import { PageSection } from '../../../ui/page-section.tsx';

export interface BladeSectionProps {
  turbineId: number;
  /** the turbine's room count: the rooms its panels offer */
  rooms: number;
  photos: readonly Photo[];
  existingNames: ReadonlySet<string>;
}

/** Spec §2 items 1-2: the year of the blade photos, then one panel per blade with its room and upload zone. */
export function BladeSection({ turbineId, rooms, photos, existingNames }: BladeSectionProps) {
  const { t } = useTranslation(TURBINE_NS);
  const years = useMemo(() => yearChoices(), []);
  const kept = useKeptTarget(BLADES.map((blade) => zoneKey(turbineId, { kind: 'blade', blade })));
  const [year, setYear] = useState(kept?.year ?? years[0] ?? new Date().getFullYear());
  const bladePhotos = useMemo(() => photos.filter((p) => p.category === null && p.year === year), [photos, year]);
  return (
    <PageSection
      titleId="blade-section-title"
      title={t('blades.title')}
      subtitle={t('blades.subtitle')}
      testId="blade-section"
      actionsAlign="flex-end"
      actions={
        <Select
          label={t('blades.year')}
          data={years.map((y) => String(y))}
          value={String(year)}
          onChange={(value) => value && setYear(Number(value))}
          allowDeselect={false}
          w={140}
          data-testid="blade-year"
        />
      }
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {BLADES.map((blade) => (
          <BladePanel
            key={blade}
            turbineId={turbineId}
            rooms={rooms}
            blade={blade}
            year={year}
            photos={bladePhotos}
            existingNames={existingNames}
          />
        ))}
      </SimpleGrid>
    </PageSection>
  );
}
