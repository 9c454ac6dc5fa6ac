import { Stack, Text, Title } from '@mantine/core';
import { can, type FindingDetail, findingResource } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useDismissLinkSuggestion, useLinkFinding, useLinkSuggestions } from '../../api/findings.ts';
import { toast } from '../../ui/toast/toast.tsx';
import { actorOf, useCurrentUser } from '../auth/use-auth.ts';
import { FINDINGS_NS } from './findings-i18n.ts';
import { LinkButtons, SuggestionCard } from './link-suggestions.tsx';

/** "Seen here in earlier years": for an unlinked finding (all its sightings of one year), the earlier findings of the
 *  same place; link moves its sightings into the earlier one (then the drawer shows that one), dismiss hides the pair.
 *  Only for who may link (can(), as the server); the link button only where the server takes it on this finding. */
export function FindingLinkSection({
  turbineId,
  finding,
  onLinked,
}: {
  turbineId: number;
  finding: FindingDetail;
  onLinked: (targetId: number) => void;
}) {
  const { t } = useTranslation(FINDINGS_NS);
  const actor = actorOf(useCurrentUser());
  const allowed = can(actor, 'finding.link', { companyId: actor?.companyId ?? 0 });
  // linking this finding away: a reviewer's step unless it is one's own draft, never a rejected one (issue 23)
  const mayLink = can(actor, 'finding.link', findingResource(actor?.companyId ?? 0, finding));
  const unlinked = finding.first_seen_year === finding.last_seen_year;
  const query = useLinkSuggestions(turbineId, finding.id, allowed && unlinked);
  const link = useLinkFinding(turbineId, (targetId) => {
    toast.success(t('link.linked', { id: targetId }));
    onLinked(targetId);
  });
  const dismiss = useDismissLinkSuggestion(turbineId);
  const suggestions = query.data ?? [];
  if (!allowed || !unlinked || suggestions.length === 0) return null;
  const failed = (error: unknown) => toast.error(t('link.error'), isApiError(error) && error.status > 0 ? error.message : undefined);
  return (
    <Stack gap="xs" data-testid="finding-link-suggestions">
      <Title order={3} size="h5">
        {t('link.title')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('link.explain')}
      </Text>
      {suggestions.map((s) => (
        <SuggestionCard key={s.finding.id} suggestion={s}>
          <LinkButtons
            mayLink={mayLink}
            pending={link.isPending || dismiss.isPending}
            onLink={() => link.mutate({ findingId: finding.id, targetId: s.finding.id, version: finding.version }, { onError: failed })}
            onDismiss={() =>
              dismiss.mutate(
                { findingId: finding.id, targetId: s.finding.id },
                { onSuccess: () => toast.success(t('link.dismissed')), onError: failed },
              )
            }
          />
        </SuggestionCard>
      ))}
    </Stack>
  );
}
