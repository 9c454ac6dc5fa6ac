import { Button, Skeleton, Stack, Text } from '@mantine/core';
import type { ShareLink } from '@windscope/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShareLinks } from '../../api/share-links.ts';
import { PageSection } from '../../ui/page-section.tsx';
import { EmptyNote } from '../../ui/row-actions.tsx';
import { SHARE_NS } from './i18n.ts';
import { ShareDialog } from './share-dialog.tsx';
import { OpeningsDialog, RevokeLinkDialog, ShareLinkTable } from './share-link-table.tsx';

/** The turbine page's share links (managers and the superadmin): what each shows, its state, expiry, openings (with the
 *  list of times and addresses) and revoke; "Share findings" makes a new one. */
export function ShareLinksSection({ turbineId }: { turbineId: number }) {
  const { t } = useTranslation(SHARE_NS);
  const links = useShareLinks(turbineId);
  const [sharing, setSharing] = useState(false);
  const [openingsOf, setOpeningsOf] = useState<ShareLink | null>(null);
  const [revoking, setRevoking] = useState<ShareLink | null>(null);
  return (
    <PageSection
      titleId="share-links-title"
      title={t('section.title')}
      subtitle={t('section.subtitle')}
      testId="share-links-section"
      actions={
        <Button onClick={() => setSharing(true)} data-testid="share-findings-button">
          {t('section.shareFindings')}
        </Button>
      }
      after={
        <>
          <ShareDialog target={{ turbineId }} opened={sharing} onClose={() => setSharing(false)} />
          <OpeningsDialog link={openingsOf} onClose={() => setOpeningsOf(null)} />
          <RevokeLinkDialog link={revoking} onClose={() => setRevoking(null)} />
        </>
      }
    >
      {links.isPending ? (
        <Stack gap="xs">
          <Skeleton h={36} />
        </Stack>
      ) : links.error ? (
        <Text c="red" role="alert">
          {t('section.loadError')}
        </Text>
      ) : (links.data ?? []).length === 0 ? (
        <EmptyNote bare testId="share-links-empty">
          {t('section.empty')}
        </EmptyNote>
      ) : (
        <ShareLinkTable links={links.data ?? []} onOpenings={setOpeningsOf} onRevoke={setRevoking} label={t('section.tableLabel')} />
      )}
    </PageSection>
  );
}
