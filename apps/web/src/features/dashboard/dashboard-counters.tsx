import { Group, Paper, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../i18n/format.ts';
import { SearchIcon, TurbineIcon } from '../management/icons.tsx';
import { DASHBOARD_NS } from './i18n.ts';

/** Spec §2: total turbines and results found. */
export function DashboardCounters({ total, found }: { total: number | undefined; found: number | undefined }) {
  const { t } = useTranslation(DASHBOARD_NS);
  const { number } = useFormatters();
  return (
    <Group gap="md" grow>
      <Counter
        icon={<TurbineIcon size={22} />}
        label={t('counters.total')}
        value={total === undefined ? undefined : number(total)}
        testId="count-total"
      />
      <Counter
        icon={<SearchIcon size={22} />}
        label={t('counters.found')}
        value={found === undefined ? undefined : number(found)}
        testId="count-found"
      />
    </Group>
  );
}

function Counter({ icon, label, value, testId }: { icon: ReactNode; label: string; value: string | undefined; testId: string }) {
  return (
    <Paper withBorder radius="lg" px="lg" py="sm">
      <Group gap="md" wrap="nowrap">
        <Text c="wind" display="flex">
          {icon}
        </Text>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts={0.4}>
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton height={26} width={60} mt={4} />
          ) : (
            <Text fz={26} fw={800} lh={1.2} data-testid={testId}>
              {value}
            </Text>
          )}
        </div>
      </Group>
    </Paper>
  );
}
