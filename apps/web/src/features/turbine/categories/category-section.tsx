import { SimpleGrid } from '@mantine/core';
import { type Photo, PHOTO_CATEGORIES } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { CategoryPanel } from './category-panel.tsx';
import { PageSection } from '../../../ui/page-section.tsx';

/** Spec §2 items 3-5: the drone, operator and robot panels. */
export function CategorySection({
  turbineId,
  photos,
  existingNames,
}: {
  turbineId: number;
  photos: readonly Photo[];
  existingNames: ReadonlySet<string>;
}) {
  const { t } = useTranslation(TURBINE_NS);
  return (
    <PageSection
      titleId="category-section-title"
      title={t('categories.sectionTitle')}
      subtitle={t('categories.sectionSubtitle')}
      testId="category-section"
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {PHOTO_CATEGORIES.map((category) => (
          <CategoryPanel key={category} turbineId={turbineId} category={category} photos={photos} existingNames={existingNames} />
        ))}
      </SimpleGrid>
    </PageSection>
  );
}
