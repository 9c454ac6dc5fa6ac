import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type Turbine, type TurbineStatus, turbineDisplayName } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { MapPinIcon } from '../../../ui/icons.tsx';
import { displayCity } from '../../management/text.ts';
import { AssetFacts } from '../../turbine-assets/asset-facts.tsx';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { PanoramaIcon } from '../turbine-icons.tsx';

const STATUS_COLORS: Record<TurbineStatus, string> = {
  active: 'teal',
  maintenance: 'yellow',
  faulty: 'red',
  offline: 'gray',
  inactive: 'gray',
  unknown: 'gray',
};

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** The turbine card: name, location, code, company name, with fallbacks for missing values. */
export function TurbineCard({ turbine }: { turbine: Turbine }) {
  const { t } = useTranslation(TURBINE_NS);
  const { t: tc } = useTranslation();
  const missing = t('card.missing');
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="turbine-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="lg">
        <Stack gap={6} miw={0}>
          <Group gap="sm" wrap="nowrap">
            <Title order={1} size="h2" data-testid="turbine-name">
              {turbineDisplayName(turbine)}
            </Title>
            <Badge color={STATUS_COLORS[turbine.status]} variant="light">
              {t(`status.${turbine.status}`)}
            </Badge>
          </Group>
          <Group gap={6} c="dimmed" wrap="nowrap">
            <MapPinIcon size={16} />
            <Text size="sm" truncate>
              {[turbine.location, displayCity(turbine.city)].filter(Boolean).join(', ') || missing}
            </Text>
          </Group>
        </Stack>
        <Button component={Link} to={paths.panorama(turbine.id)} variant="light" leftSection={<PanoramaIcon size={16} />}>
          {t('card.view360')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, lg: 6 }} spacing="md" mt="md">
        <Fact label={t('card.code')} value={turbine.code || missing} testId="turbine-code" />
        <Fact label={t('card.company')} value={turbine.company_name || missing} testId="turbine-company" />
        <Fact label={t('card.site')} value={turbine.site_name || missing} />
        <Fact label={t('card.rooms')} value={String(turbine.rooms)} />
        <Fact label={t('card.photos')} value={String(turbine.photo_count)} testId="turbine-photo-count" />
        <Fact label={t('card.coordinates')} value={turbine.coordinates || missing} />
      </SimpleGrid>
      {turbine.coordinates_unreadable && !turbine.coordinates && (
        <Text size="sm" c="orange.8" mt="xs" data-testid="turbine-coordinates-unreadable">
          {tc('turbineAssets.coordinatesUnreadableShort', { text: turbine.coordinates_unreadable })}
        </Text>
      )}
      <AssetFacts assets={turbine} />
    </Paper>
  );
}
