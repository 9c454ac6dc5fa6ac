import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Photo } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { DroneIcon, HardHatIcon } from '../turbine-icons.tsx';
import { CATEGORY_META } from './category-meta.ts';

const CARDS = [
  { category: 'drone', Icon: DroneIcon },
  { category: 'operator', Icon: HardHatIcon },
] as const;

/** Spec §2 item 6: in gallery-only mode just the drone and operator cards with their view buttons. */
export function GalleryOnlyCards({ turbineId, photos }: { turbineId: number; photos: readonly Photo[] }) {
  const { t } = useTranslation(TURBINE_NS);
  return (
    <SimpleGrid cols={2} spacing="md" data-testid="gallery-only">
      {CARDS.map(({ category, Icon }) => {
        const meta = CATEGORY_META[category];
        const count = photos.filter((p) => p.category === category).length;
        return (
          <Card key={category} withBorder radius="lg" padding="lg">
            {/* the view button goes under the title when the card is narrow, never cut (issue 24 item 20) */}
            <Group justify="space-between" gap="sm">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon size={44} variant="light" color={meta.color} radius="md">
                  <Icon size={24} />
                </ThemeIcon>
                <Stack gap={2}>
                  <Text fw={700}>{t(`categories.${category}.title`)}</Text>
                  <Badge variant="light" color={meta.color} size="sm" tt="none">
                    {t('gallery.count', { count })}
                  </Badge>
                </Stack>
              </Group>
              {meta.route && (
                <Button component={Link} to={meta.route(turbineId)} color={meta.color} data-testid={`view-${category}`}>
                  {t('categories.view')}
                </Button>
              )}
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
