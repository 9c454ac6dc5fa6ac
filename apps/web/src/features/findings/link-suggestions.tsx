import { Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import type { LinkSuggestion } from '@windscope/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../i18n/format.ts';
import { FINDINGS_NS } from './findings-i18n.ts';
import { useFindingLabels } from './labels.ts';
import { SeverityChip } from './severity-chip.tsx';

/** One earlier finding offered for linking: its latest crop, type, severity, how far from the placement, last seen. */
export function SuggestionCard({
  suggestion,
  selected = false,
  children,
}: {
  suggestion: LinkSuggestion;
  selected?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation(FINDINGS_NS);
  const labels = useFindingLabels();
  const format = useFormatters();
  const f = suggestion.finding;
  return (
    <Card
      withBorder
      padding="xs"
      radius="sm"
      data-testid="link-suggestion"
      data-finding-id={f.id}
      data-selected={selected || undefined}
      style={selected ? { outline: '2px solid var(--mantine-primary-color-filled)' } : undefined}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {suggestion.crop_url ? (
          <Image
            src={suggestion.crop_url}
            alt={t('link.cropAlt', { id: f.id, year: f.last_seen_year })}
            w={72}
            h={72}
            radius="sm"
            fit="cover"
          />
        ) : null}
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6}>
            <SeverityChip severity={f.severity} />
            <Text size="sm" fw={700}>
              {`#${f.id} · ${labels.type(f.type)}`}
            </Text>
          </Group>
          <Text size="xs">
            {t('link.where', {
              surface: labels.surface(f.surface),
              distance: format.number(f.distance_from_root_m ?? 0),
              delta: format.number(suggestion.distance_delta_m),
            })}
          </Text>
          <Text size="xs" c="dimmed">
            {f.first_seen_year === f.last_seen_year
              ? t('link.seenOnce', { year: f.first_seen_year })
              : t('link.seen', { first: f.first_seen_year, last: f.last_seen_year })}
            {suggestion.same_type ? '' : ` · ${t('link.otherType')}`}
          </Text>
          {children && (
            <Group gap="xs" mt={4}>
              {children}
            </Group>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/** Link and dismiss buttons of a suggestion, for a finding that exists. */
/** Link and dismiss; link only where the server would take it (`mayLink`: can 'finding.link' on the later finding). */
export function LinkButtons({
  onLink,
  onDismiss,
  pending,
  mayLink = true,
}: {
  onLink: () => void;
  onDismiss: () => void;
  pending: boolean;
  mayLink?: boolean;
}) {
  const { t } = useTranslation(FINDINGS_NS);
  return (
    <>
      {mayLink && (
        <Button size="compact-xs" onClick={onLink} loading={pending} data-testid="link-suggestion-link">
          {t('link.link')}
        </Button>
      )}
      <Button size="compact-xs" variant="default" onClick={onDismiss} disabled={pending} data-testid="link-suggestion-dismiss">
        {t('link.dismiss')}
      </Button>
    </>
  );
}
