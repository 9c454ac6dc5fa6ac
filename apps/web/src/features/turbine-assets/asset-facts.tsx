import { Box, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { TURBINE_ASSET_FIELDS, type TurbineAssets } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../i18n/format.ts';
import { assetLabel, assetText } from './asset-values.ts';

/** The turbine page's asset data (issue 27 item 1): the facts that are known, or a line saying none are. */
export function AssetFacts({ assets }: { assets: TurbineAssets }) {
  const { t } = useTranslation();
  const { language } = useFormatters();
  const known = TURBINE_ASSET_FIELDS.map((field) => ({ field, value: assetText(assets, field, language) })).filter(
    (fact): fact is { field: (typeof TURBINE_ASSET_FIELDS)[number]; value: string } => fact.value !== null,
  );
  return (
    <Box mt="md" data-testid="turbine-assets">
      <Title order={2} size="h5" mb={6}>
        {t('turbineAssets.title')}
      </Title>
      {known.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('turbineAssets.none')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, lg: 6 }} spacing="md" component="dl" m={0}>
          {known.map(({ field, value }) => (
            <Stack gap={0} miw={0} key={field}>
              <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
                {assetLabel(field, language)}
              </Text>
              <Text component="dd" m={0} size="sm" fw={600} truncate data-testid={`turbine-asset-${field}`}>
                {value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
