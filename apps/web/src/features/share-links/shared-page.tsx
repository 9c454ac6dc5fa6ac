import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Image,
  Loader,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { FindingStatus, FindingSurface, FindingType, SharedContent, SharedFinding } from '@windscope/contract';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { openShareLink, refreshShareLink } from '../../api/share-links.ts';
import { useFormatters } from '../../i18n/format.ts';
import { LanguageToggle } from '../../ui/language-toggle.tsx';
import { Logo } from '../../ui/logo.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { ThemeToggle } from '../../ui/theme-toggle.tsx';
import { severityColor, useFindingLabels } from '../findings/labels.ts';
import { SHARE_NS } from './i18n.ts';

type State =
  | { kind: 'loading' }
  | { kind: 'password'; wrong: boolean; busy: boolean; limited: string | null }
  | { kind: 'invalid' }
  | { kind: 'error'; message: string | null }
  | { kind: 'content'; data: SharedContent };

/** Keeps search engines off the page while it is shown (the server also answers `X-Robots-Tag: noindex`). */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

/** /share/{token} (DECISIONS §17): what a share link shows, for someone without an account. Read-only, no app navigation,
 *  TR or EN by the visitor's choice; a password asked for when the link has one; a wrong, expired or revoked link is one
 *  "link not valid" page. */
export function SharedPage() {
  const { t } = useTranslation(SHARE_NS);
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  useNoIndex();
  usePageTitle(state.kind === 'content' ? state.data.label : t('page.title'));

  // the password the link opened with: the page's refreshes send it again
  const passwordRef = useRef<string | undefined>(undefined);
  const load = useCallback(
    async (password?: string) => {
      try {
        const data = await openShareLink(token, password);
        passwordRef.current = password;
        setState({ kind: 'content', data });
      } catch (error) {
        if (isApiError(error) && error.code === 'SHARE_LINK_INVALID') setState({ kind: 'invalid' });
        else if (isApiError(error) && (error.code === 'SHARE_LINK_PASSWORD_REQUIRED' || error.code === 'SHARE_LINK_PASSWORD_WRONG'))
          setState({ kind: 'password', wrong: error.code === 'SHARE_LINK_PASSWORD_WRONG', busy: false, limited: null });
        else if (isApiError(error) && error.status === 429 && password !== undefined)
          setState({ kind: 'password', wrong: false, busy: false, limited: error.message });
        else setState({ kind: 'error', message: isApiError(error) ? error.message : null });
      }
    },
    // the language is not a dependency: switching it must not open the link again (each opening is logged)
    [token],
  );
  useEffect(() => {
    void load();
  }, [load]);
  useFileUrlRefresh(token, passwordRef, state.kind === 'content' ? state.data : null, setState);

  return (
    <div data-testid="shared-page">
      <Paper component="header" radius={0} withBorder px="lg" py="sm">
        <Group justify="space-between" wrap="nowrap">
          <Logo size={28} />
          <Group gap="sm" wrap="nowrap">
            <LanguageToggle />
            <ThemeToggle />
          </Group>
        </Group>
      </Paper>
      <Container component="main" size="lg" py="xl">
        {state.kind === 'loading' && (
          <Group justify="center" py="xl">
            <Loader aria-label={t('page.loading')} />
          </Group>
        )}
        {state.kind === 'invalid' && <InvalidLink />}
        {state.kind === 'error' && (
          <Stack align="center" py="xl" gap="md">
            <Title order={1} size="h2">
              {t('page.errorTitle')}
            </Title>
            {state.message && <Text>{state.message}</Text>}
            <Button onClick={() => void load()}>{t('page.retry')}</Button>
          </Stack>
        )}
        {state.kind === 'password' && (
          <PasswordPrompt
            wrong={state.wrong}
            busy={state.busy}
            limited={state.limited}
            onSubmit={(password) => {
              setState({ ...state, busy: true });
              void load(password);
            }}
          />
        )}
        {state.kind === 'content' && <SharedContentView content={state.data} />}
      </Container>
    </div>
  );
}

/** The file URLs an answer hands out live FILE_URL_LIFETIME_SECONDS (15 minutes): before they end, the page asks
 *  POST /share/refresh for new ones and swaps them in, so its images and downloads keep working without a reload (a
 *  reload would be logged as another opening). Timed from the answer's `urls_valid_seconds`, never the device's clock;
 *  a revoked or expired link turns the page into "link not valid" at once; a failed try (network, limit) is tried
 *  again a little later while the old URLs still serve. */
const REFRESH_MARGIN_S = 60;
const REFRESH_MIN_MS = 5_000;
const REFRESH_RETRY_MS = 30_000;
function useFileUrlRefresh(
  token: string,
  passwordRef: { current: string | undefined },
  content: SharedContent | null,
  setState: (state: State) => void,
) {
  useEffect(() => {
    if (!content) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const valid = content.urls_valid_seconds;
    const refresh = async () => {
      try {
        const data = await refreshShareLink(token, passwordRef.current);
        if (!stopped) setState({ kind: 'content', data });
      } catch (error) {
        if (stopped) return;
        if (isApiError(error) && error.code === 'SHARE_LINK_INVALID') setState({ kind: 'invalid' });
        else if (isApiError(error) && (error.code === 'SHARE_LINK_PASSWORD_REQUIRED' || error.code === 'SHARE_LINK_PASSWORD_WRONG'))
          setState({ kind: 'password', wrong: false, busy: false, limited: null });
        else timer = setTimeout(() => void refresh(), REFRESH_RETRY_MS);
      }
    };
    // a minute before they end (a quarter of their life when they live less than four minutes)
    const delay = Math.max(REFRESH_MIN_MS, (valid - Math.min(REFRESH_MARGIN_S, valid / 4)) * 1000);
    timer = setTimeout(() => void refresh(), delay);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [token, passwordRef, content, setState]);
}

function InvalidLink() {
  const { t } = useTranslation(SHARE_NS);
  return (
    <Stack align="center" py="xl" gap="md" data-testid="share-invalid">
      <Title order={1} size="h2">
        {t('page.invalidTitle')}
      </Title>
      <Text maw={520} ta="center">
        {t('page.invalidMessage')}
      </Text>
    </Stack>
  );
}

function PasswordPrompt({
  wrong,
  busy,
  limited,
  onSubmit,
}: {
  wrong: boolean;
  busy: boolean;
  limited: string | null;
  onSubmit: (password: string) => void;
}) {
  const { t } = useTranslation(SHARE_NS);
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) onSubmit(password);
  };
  return (
    <Paper withBorder radius="lg" p="xl" maw={440} mx="auto" data-testid="share-password-prompt">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={1} size="h3">
            {t('page.passwordTitle')}
          </Title>
          <Text size="sm">{t('page.passwordMessage')}</Text>
          {limited && (
            <Alert color="red" role="alert">
              {limited}
            </Alert>
          )}
          <PasswordInput
            label={t('page.password')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={wrong ? t('page.wrongPassword') : undefined}
            autoComplete="off"
            data-autofocus
            data-testid="share-password-input"
          />
          <Button type="submit" loading={busy} data-testid="share-password-submit">
            {t('page.open')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function SharedContentView({ content }: { content: SharedContent }) {
  const { t } = useTranslation(SHARE_NS);
  const { date, fileSize } = useFormatters();
  return (
    <Stack gap="xl" data-testid="share-content">
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {t('page.sharedBy', { company: content.company_name })}
        </Text>
        <Title order={1} size="h2" data-testid="share-title">
          {content.label}
        </Title>
        <Text>
          {t('page.turbine')}: <strong>{content.turbine.name}</strong>
          {content.turbine.name !== content.turbine.code ? ` (${content.turbine.code})` : ''}
          {content.turbine.city ? ` · ${content.turbine.city}` : ''}
        </Text>
        <Text size="sm" c="dimmed">
          {t('page.validUntil', { date: date(content.expires_at) })} · {t('page.readOnly')}
        </Text>
      </Stack>
      {content.report && (
        <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="share-report-title">
          <Stack gap="sm">
            <Title order={2} size="h4" id="share-report-title">
              {t('page.report')}
            </Title>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {content.report.name}
            </Text>
            <Text size="sm" c="dimmed">
              {t('page.reportFacts', {
                year: content.report.year,
                size: fileSize(content.report.size_bytes),
                date: date(content.report.created_at),
              })}
              {content.report.generated ? ` · ${t('page.generated')}` : ''}
            </Text>
            <Group>
              <Button
                component="a"
                href={content.report.download_url}
                download
                aria-label={t('page.downloadLabel', { name: content.report.name })}
                data-testid="share-report-download"
              >
                {t('page.download')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {content.kind === 'findings' && (
        <section aria-labelledby="share-findings-title">
          <Stack gap="md">
            <Title order={2} size="h4" id="share-findings-title">
              {t('page.findings')}
            </Title>
            {content.findings.length === 0 && <Text c="dimmed">{t('page.noFindings')}</Text>}
            {content.findings.map((finding) => (
              <FindingCard key={finding.id} finding={finding} />
            ))}
          </Stack>
        </section>
      )}
      {content.photos.length > 0 && (
        <section aria-labelledby="share-photos-title">
          <Stack gap="md">
            <Title order={2} size="h4" id="share-photos-title">
              {t('page.photos')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {content.photos.map((photo) => (
                <Card key={photo.id} withBorder radius="md" p="sm" data-testid="share-photo-card">
                  <Card.Section>
                    <Image src={photo.preview_url} alt={t('page.photoAlt', { name: photo.name })} h={200} w="100%" fit="cover" />
                  </Card.Section>
                  <Stack gap={4} mt="sm">
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {photo.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {photo.year}
                      {photo.blade ? ` · ${t('page.blade', { blade: photo.blade })}` : ''} ·{' '}
                      {t('page.photoFindings', { ids: photo.finding_ids.map((id) => `#${id}`).join(', ') })}
                    </Text>
                    <Anchor href={photo.download_url} download size="sm" aria-label={t('page.downloadOriginalLabel', { name: photo.name })}>
                      {t('page.downloadOriginal')}
                    </Anchor>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>
        </section>
      )}
    </Stack>
  );
}

function FindingCard({ finding }: { finding: SharedFinding }) {
  const { t } = useTranslation(SHARE_NS);
  const labels = useFindingLabels();
  const { date, number } = useFormatters();
  const place = [
    t('page.blade', { blade: finding.blade }),
    labels.surface(finding.surface as FindingSurface),
    finding.room !== null ? t('page.room', { room: finding.room }) : null,
    finding.distance_from_root_m !== null ? t('page.fromRoot', { distance: `${number(finding.distance_from_root_m)} m` }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const size =
    finding.length_mm !== null && finding.width_mm !== null
      ? t('page.mm', { length: number(finding.length_mm), width: number(finding.width_mm) })
      : finding.length_mm !== null
        ? t('page.mmLength', { length: number(finding.length_mm) })
        : null;
  return (
    <Card
      withBorder
      radius="lg"
      p="lg"
      data-testid="share-finding-card"
      component="article"
      aria-labelledby={`share-finding-${finding.id}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={3} size="h5" id={`share-finding-${finding.id}`}>
              #{finding.id} · {labels.type(finding.type as FindingType)}
            </Title>
            <Text size="sm" c="dimmed">
              {place}
            </Text>
          </Stack>
          <Badge color={severityColor(finding.severity)} variant="light" radius="sm">
            {`${t('page.severity')}: ${finding.severity} · ${labels.severity(finding.severity)}`}
          </Badge>
        </Group>
        <Group gap="xl">
          <Text size="sm">
            {t('page.status')}: <strong>{labels.status(finding.status as FindingStatus)}</strong>
          </Text>
          {finding.due_date && (
            <Text size="sm">
              {t('page.due')}: <strong>{date(finding.due_date)}</strong>
            </Text>
          )}
          {size && (
            <Text size="sm">
              {t('page.size')}: <strong>{size}</strong>
            </Text>
          )}
          <Text size="sm">{t('page.seen', { first: finding.first_seen_year, last: finding.last_seen_year })}</Text>
        </Group>
        {finding.notes && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            <strong>{t('page.notes')}:</strong> {finding.notes}
          </Text>
        )}
        {finding.observations.some((o) => o.crop_url) && (
          <Group gap="sm">
            {finding.observations
              .filter((o) => o.crop_url)
              .map((o) => (
                // keyed by the item, not the whole URL: a refreshed URL swaps the image in place
                <Stack key={(o.crop_url ?? '').replace(/^.*\/(crop\/\d+)$/, '$1')} gap={2} align="center">
                  <Image
                    src={o.crop_url ?? ''}
                    alt={t('page.cropAlt', { id: finding.id, year: o.year })}
                    w={140}
                    h={140}
                    fit="contain"
                    radius="sm"
                    bg="var(--mantine-color-default-hover)"
                  />
                  <Text size="xs" c="dimmed">
                    {t('page.cropYear', { year: o.year })}
                  </Text>
                </Stack>
              ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
