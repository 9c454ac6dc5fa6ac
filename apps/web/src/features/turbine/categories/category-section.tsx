import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type Photo, PHOTO_CATEGORIES } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { CategoryPanel } from './category-panel.tsx';

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
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="category-section-title" data-testid="category-section">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id="category-section-title">
            {t('categories.sectionTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('categories.sectionSubtitle')}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          {PHOTO_CATEGORIES.map((category) => (
            <CategoryPanel key={category} turbineId={turbineId} category={category} photos={photos} existingNames={existingNames} />
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
