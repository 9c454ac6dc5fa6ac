import { Group, Paper, Skeleton, Text } from '@mantine/core';
import type { TurbineFilterQuery } from '@windscope/contract';
import { FindingsExportMenu } from '../findings/export-buttons.tsx';
import { SeverityCountBadges } from '../findings/severity-counts.tsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../i18n/format.ts';
import { SearchIcon, TurbineIcon } from '../management/icons.tsx';
import { ClockIcon, TrendUpIcon } from './trend-icons.tsx';
import classes from './dashboard.module.css';
import { DASHBOARD_NS } from './i18n.ts';

interface CountersProps {
  total: number | undefined;
  found: number | undefined;
  /** open findings per severity (index 0 = severity 1) on the turbines found; undefined while loading */
  openBySeverity?: readonly number[];
  /** issue 16: findings on the turbines found whose severity went up this year, and their overdue repairs */
  escalated?: number;
  overdue?: number;
  /** the list failed to load: the counts are unknown, not on their way */
  unavailable?: boolean;
  /** the filters the list shows, for the export of the listed turbines' findings (issue 24 item 2) */
  exportFilters?: Partial<TurbineFilterQuery>;
}

/** Spec §2: total turbines and results found; DECISIONS §12: the open findings of the turbines found, per severity. */
export function DashboardCounters({
  total,
  found,
  openBySeverity,
  escalated,
  overdue,
  unavailable = false,
  exportFilters = {},
}: CountersProps) {
  const { t } = useTranslation(DASHBOARD_NS);
  const { number } = useFormatters();
  const shown = (count: number | undefined) => (unavailable ? t('counters.unavailable') : count === undefined ? undefined : number(count));
  return (
    <div className={classes.counters}>
      <Counter icon={<TurbineIcon size={22} />} label={t('counters.total')} value={shown(total)} muted={unavailable} testId="count-total" />
      <Counter icon={<SearchIcon size={22} />} label={t('counters.found')} value={shown(found)} muted={unavailable} testId="count-found" />
      <Counter
        icon={<TrendUpIcon size={22} />}
        label={t('counters.escalated')}
        value={shown(escalated)}
        muted={unavailable}
        testId="count-escalated"
        alert={Boolean(escalated)}
      />
      <Counter
        icon={<ClockIcon size={22} />}
        label={t('counters.overdue')}
        value={shown(overdue)}
        muted={unavailable}
        testId="count-overdue"
        alert={Boolean(overdue)}
      />
      <Paper withBorder radius="lg" px="lg" py="sm" className={classes.findingsCounter}>
        <Group justify="space-between" gap="xs" mb={6} wrap="wrap">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts={0.4}>
            {t('counters.openFindings')}
          </Text>
          {/* the listed turbines' findings (the server applies the same filters), or every finding the user may see */}
          <FindingsExportMenu
            shown={{ turbineId: 'all', filters: exportFilters }}
            all={{ turbineId: 'all' }}
            shownLabel={t('counters.exportShown', { count: found ?? 0 })}
            allLabel={t('counters.exportAll')}
            testIdPrefix="dashboard-findings-export"
          />
        </Group>
        {unavailable ? (
          <Text fz="lg" fw={600} c="dimmed">
            {t('counters.unavailable')}
          </Text>
        ) : openBySeverity === undefined ? (
          <Skeleton height={26} width={260} />
        ) : (
          <SeverityCountBadges counts={openBySeverity} label={t('counters.openFindings')} testIdPrefix="count-severity" size="md" />
        )}
      </Paper>
    </div>
  );
}

interface CounterProps {
  icon: ReactNode;
  label: string;
  /** undefined: still loading (a skeleton) */
  value: string | undefined;
  /** a word in place of a number ("Kullanılamıyor") */
  muted: boolean;
  testId: string;
  /** a number that asks for attention (escalations, overdue repairs): its icon in red */
  alert?: boolean;
}

function Counter({ icon, label, value, muted, testId, alert = false }: CounterProps) {
  return (
    <Paper withBorder radius="lg" px="lg" py="sm">
      <Group gap="md" wrap="nowrap">
        <Text c={alert ? 'red.8' : 'wind'} display="flex">
          {icon}
        </Text>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts={0.4}>
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton height={26} width={60} mt={4} />
          ) : (
            <Text
              fz={muted ? 'lg' : 26}
              fw={muted ? 600 : 800}
              c={muted ? 'dimmed' : undefined}
              lh={1.2}
              mt={muted ? 4 : 0}
              data-testid={testId}
            >
              {value}
            </Text>
          )}
        </div>
      </Group>
    </Paper>
  );
}
