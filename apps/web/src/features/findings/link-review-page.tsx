import { Alert, Button, Container, Group, Image, Kbd, Loader, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { can, findingResource, type LinkReviewItem } from '@windscope/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useDismissLinkSuggestion, useFinding, useFindings, useLinkFinding, useLinkReview } from '../../api/findings.ts';
import { paths } from '../../app/paths.ts';
import { useFormatters } from '../../i18n/format.ts';
import { AppHeader } from '../../ui/app-header/app-header.tsx';
import { ArrowLeftIcon } from '../../ui/app-icons.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { toast } from '../../ui/toast/toast.tsx';
import { actorOf, useCurrentUser } from '../auth/use-auth.ts';
import { InvalidTurbineId } from '../viewer-common/invalid-turbine-id.tsx';
import { parseTurbineId } from '../viewer-common/turbine-id.ts';
import { FINDINGS_NS } from './findings-i18n.ts';
import './findings-styles.ts';
import { useFindingLabels } from './labels.ts';
import { LinkButtons, SuggestionCard } from './link-suggestions.tsx';
import { SeverityChip } from './severity-chip.tsx';

const LINK_KEY = 'l';
const DISMISS_KEY = 'd';

/** The later finding under review: its latest crop and place. */
function LaterFinding({ turbineId, item }: { turbineId: number; item: LinkReviewItem }) {
  const { t } = useTranslation(FINDINGS_NS);
  const labels = useFindingLabels();
  const format = useFormatters();
  const detail = useFinding(turbineId, item.finding.id);
  const f = item.finding;
  const crop = detail.data?.observations.filter((o) => o.crop_url).at(-1);
  return (
    <Stack gap="xs" data-testid="review-finding" data-finding-id={f.id}>
      <Group gap={6}>
        <SeverityChip severity={f.severity} />
        <Text fw={700}>{`#${f.id} · ${labels.type(f.type)}`}</Text>
      </Group>
      <Text size="sm">
        {t('review.place', {
          blade: f.blade,
          surface: f.room ? `${labels.surface(f.surface)} · ${t('room', { room: f.room })}` : labels.surface(f.surface),
          distance: format.number(f.distance_from_root_m ?? 0),
          year: f.first_seen_year,
        })}
      </Text>
      {crop?.crop_url ? (
        <Image
          src={crop.crop_url}
          alt={t('detail.cropAlt', { name: crop.photo.original_name, year: crop.year })}
          h={200}
          fit="contain"
          radius="sm"
        />
      ) : detail.isPending ? (
        <Loader size="sm" />
      ) : null}
    </Stack>
  );
}

/** Every link suggestion of one turbine and year, one finding after the other: previous and next, link or dismiss the
 *  selected suggestion; keys ← → (finding), ↑ ↓ (suggestion), L (link), D (dismiss). */
export function LinkReviewPage() {
  const { t } = useTranslation(FINDINGS_NS);
  const { id: rawId } = useParams();
  const turbineId = parseTurbineId(rawId);
  const [search, setSearch] = useSearchParams();
  usePageTitle(t('review.title'));
  const actor = actorOf(useCurrentUser());
  const findings = useFindings(turbineId ?? 0);
  const years = [...new Set((findings.data ?? []).map((f) => f.first_seen_year))].sort((a, b) => b - a);
  const year = Number(search.get('year')) || years[0] || new Date().getFullYear();
  const review = useLinkReview(turbineId ?? 0, year);
  const link = useLinkFinding(turbineId ?? 0);
  const dismiss = useDismissLinkSuggestion(turbineId ?? 0);
  const [index, setIndex] = useState(0);
  const [selected, setSelected] = useState(0);
  const items = review.data ?? [];
  const at = Math.min(index, Math.max(0, items.length - 1));
  const item = items[at];
  const suggestion = item?.suggestions[Math.min(selected, item.suggestions.length - 1)];
  const pending = link.isPending || dismiss.isPending;
  // linking the finding under review away: a reviewer's step unless it is one's own draft (issue 23)
  const mayLinkItem = item ? can(actor, 'finding.link', findingResource(actor?.companyId ?? 0, item.finding)) : false;

  const failed = (error: unknown) => toast.error(t('link.error'), isApiError(error) && error.status > 0 ? error.message : undefined);
  const go = (to: number) => {
    setIndex(Math.max(0, Math.min(items.length - 1, to)));
    setSelected(0);
  };
  const doLink = () => {
    if (!item || !suggestion || pending || !mayLinkItem) return;
    link.mutate(
      { findingId: item.finding.id, targetId: suggestion.finding.id, version: item.finding.version },
      { onSuccess: (target) => toast.success(t('link.linked', { id: target.id })), onError: failed },
    );
    setSelected(0);
  };
  const doDismiss = () => {
    if (!item || !suggestion || pending) return;
    dismiss.mutate(
      { findingId: item.finding.id, targetId: suggestion.finding.id },
      { onSuccess: () => toast.success(t('link.dismissed')), onError: failed },
    );
    setSelected(0);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [role="listbox"], [contenteditable="true"]')) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const key = event.key.toLowerCase();
      if (key === 'arrowright') go(at + 1);
      else if (key === 'arrowleft') go(at - 1);
      else if (key === 'arrowdown') setSelected((s) => Math.min((item?.suggestions.length ?? 1) - 1, s + 1));
      else if (key === 'arrowup') setSelected((s) => Math.max(0, s - 1));
      else if (key === LINK_KEY) doLink();
      else if (key === DISMISS_KEY) doDismiss();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (turbineId === null) return <InvalidTurbineId />;
  const mayLink = can(actor, 'finding.link', { companyId: actor?.companyId ?? 0 });
  return (
    <>
      <AppHeader
        title={t('review.title')}
        actions={[{ id: 'back-to-turbine', label: t('review.back'), icon: <ArrowLeftIcon size={16} />, to: paths.turbine(turbineId) }]}
      />
      <Container size="lg" py="md" data-testid="link-review">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <div>
              <Title order={1} size="h2">
                {t('review.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('review.subtitle')}
              </Text>
            </div>
            <Select
              label={t('review.year')}
              w={140}
              data={(years.length ? years : [year]).map(String)}
              value={String(year)}
              onChange={(v) => {
                if (v) setSearch({ year: v });
                go(0);
              }}
              allowDeselect={false}
              data-testid="review-year"
            />
          </Group>
          {!mayLink ? (
            <Alert color="yellow" variant="light">
              {t('review.notAllowed')}
            </Alert>
          ) : review.isPending ? (
            <Loader size="sm" />
          ) : review.error ? (
            <Alert color="red" variant="light">
              {t('loadError')}
            </Alert>
          ) : !item ? (
            <Text c="dimmed" data-testid="review-empty">
              {t('review.empty', { year })}
            </Text>
          ) : (
            <Stack gap="md">
              <Group justify="space-between">
                <Text fw={700} data-testid="review-progress" aria-live="polite">
                  {t('review.progress', { at: at + 1, total: items.length })}
                </Text>
                <Group gap="xs">
                  <Button variant="default" size="xs" onClick={() => go(at - 1)} disabled={at === 0} data-testid="review-previous">
                    {t('review.previous')}
                  </Button>
                  <Button
                    variant="default"
                    size="xs"
                    onClick={() => go(at + 1)}
                    disabled={at >= items.length - 1}
                    data-testid="review-next"
                  >
                    {t('review.next')}
                  </Button>
                </Group>
              </Group>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                <Stack gap="xs">
                  <Title order={2} size="h4">
                    {t('review.thisYear', { year })}
                  </Title>
                  <LaterFinding turbineId={turbineId} item={item} />
                </Stack>
                <Stack gap="xs">
                  <Title order={2} size="h4">
                    {t('link.title')}
                  </Title>
                  {item.suggestions.map((s, i) => (
                    <SuggestionCard key={s.finding.id} suggestion={s} selected={s === suggestion}>
                      <LinkButtons
                        mayLink={mayLinkItem}
                        pending={pending}
                        onLink={() => {
                          setSelected(i);
                          link.mutate(
                            { findingId: item.finding.id, targetId: s.finding.id, version: item.finding.version },
                            { onSuccess: (target) => toast.success(t('link.linked', { id: target.id })), onError: failed },
                          );
                        }}
                        onDismiss={() =>
                          dismiss.mutate(
                            { findingId: item.finding.id, targetId: s.finding.id },
                            { onSuccess: () => toast.success(t('link.dismissed')), onError: failed },
                          )
                        }
                      />
                    </SuggestionCard>
                  ))}
                </Stack>
              </SimpleGrid>
              <Text size="xs" c="dimmed" data-testid="review-keys">
                <Kbd>←</Kbd> <Kbd>→</Kbd> {t('review.keysFinding')} · <Kbd>↑</Kbd> <Kbd>↓</Kbd> {t('review.keysSuggestion')} ·{' '}
                <Kbd>{LINK_KEY.toUpperCase()}</Kbd> {t('link.link')} · <Kbd>{DISMISS_KEY.toUpperCase()}</Kbd> {t('link.dismiss')}
              </Text>
            </Stack>
          )}
        </Stack>
      </Container>
    </>
  );
}
