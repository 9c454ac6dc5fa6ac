import { Anchor, Badge, Group, Modal, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ShareLink } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useRevokeShareLink, useShareLinkOpenings } from '../../api/share-links.ts';
import { paths } from '../../app/paths.ts';
import { useFormatters } from '../../i18n/format.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { RowActions } from '../../ui/row-actions.tsx';
import stacked from '../../ui/stacked-table.module.css';
import { toast } from '../../ui/toast/toast.tsx';
import { SHARE_NS } from './i18n.ts';

const STATE_COLOR = { active: 'teal', expired: 'gray', revoked: 'red' } as const;

/** The columns the company-wide page adds to a turbine's list: the turbine, its company (the superadmin, all companies),
 *  when the link was made and whether it has a password (the turbine's list shows a badge instead). */
export interface ShareLinkTableWide {
  company: boolean;
}

/** Share links as a table (a card per row in a narrow box): label, what it shows, state, expiry, openings, maker, and
 *  the openings and revoke buttons. */
export function ShareLinkTable({
  links,
  onOpenings,
  onRevoke,
  wide,
  label,
}: {
  links: readonly ShareLink[];
  onOpenings: (link: ShareLink) => void;
  onRevoke: (link: ShareLink) => void;
  wide?: ShareLinkTableWide;
  label: string;
}) {
  const { t } = useTranslation(SHARE_NS);
  const { date, dateTime } = useFormatters();
  return (
    <div className={stacked.box}>
      <Table verticalSpacing="xs" aria-label={label} className={stacked.table} data-testid="share-link-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.label')}</Table.Th>
            <Table.Th>{t('columns.shows')}</Table.Th>
            {wide && <Table.Th>{t('columns.turbine')}</Table.Th>}
            {wide?.company && <Table.Th>{t('columns.company')}</Table.Th>}
            <Table.Th>{t('columns.state')}</Table.Th>
            {wide && <Table.Th>{t('columns.created')}</Table.Th>}
            <Table.Th>{t('columns.expires')}</Table.Th>
            {wide && <Table.Th>{t('columns.password')}</Table.Th>}
            <Table.Th>{t('columns.openings')}</Table.Th>
            <Table.Th>{t('columns.createdBy')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {links.map((link) => (
            <Table.Tr key={link.id} data-testid="share-link-row" data-label={link.label} data-state={link.state}>
              <Table.Td>
                <Group gap="xs">
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {link.label}
                  </Text>
                  {!wide && link.has_password && (
                    <Badge size="sm" variant="outline" color="gray">
                      {t('passwordProtected')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td data-label={t('columns.shows')}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {link.kind === 'report'
                    ? t('shows.report', { name: link.report_name ?? '' })
                    : t('shows.findings', { count: link.finding_ids.length, photos: link.photo_ids.length })}
                </Text>
              </Table.Td>
              {wide && (
                <Table.Td data-label={t('columns.turbine')}>
                  <Anchor component={Link} to={paths.turbine(link.turbine_id)} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {link.turbine_name}
                  </Anchor>
                </Table.Td>
              )}
              {wide?.company && (
                <Table.Td data-label={t('columns.company')}>
                  <Text size="sm">{link.company_name}</Text>
                </Table.Td>
              )}
              <Table.Td data-label={t('columns.state')}>
                <Badge variant="light" color={STATE_COLOR[link.state]} data-testid="share-link-state">
                  {t(`state.${link.state}`)}
                </Badge>
              </Table.Td>
              {wide && (
                <Table.Td data-label={t('columns.created')}>
                  <Text size="sm">{date(link.created_at)}</Text>
                </Table.Td>
              )}
              <Table.Td data-label={t('columns.expires')}>
                <Text size="sm">{date(link.expires_at)}</Text>
              </Table.Td>
              {wide && (
                <Table.Td data-label={t('columns.password')}>
                  <Text size="sm" data-testid="share-link-password">
                    {link.has_password ? t('passwordYes') : t('passwordNo')}
                  </Text>
                </Table.Td>
              )}
              <Table.Td data-label={t('columns.openings')}>
                <Text size="sm" data-testid="share-link-openings">
                  {link.openings}
                </Text>
                <Text size="xs" c="dimmed">
                  {link.last_opened_at ? t('lastOpened', { when: dateTime(link.last_opened_at) }) : t('never')}
                </Text>
              </Table.Td>
              <Table.Td data-label={t('columns.createdBy')}>
                <Text size="sm">{link.created_by_name ?? t('deletedUser')}</Text>
              </Table.Td>
              <Table.Td>
                <RowActions
                  justify="flex-end"
                  actions={[
                    {
                      label: t('openingsButton'),
                      onClick: () => onOpenings(link),
                      ariaLabel: t('openingsLabel', { label: link.label }),
                      variant: 'subtle',
                      testId: 'share-link-openings-button',
                    },
                    {
                      label: t('revoke'),
                      onClick: () => onRevoke(link),
                      ariaLabel: t('revokeLabel', { label: link.label }),
                      variant: 'subtle',
                      color: 'red',
                      testId: 'share-link-revoke',
                      hidden: link.state !== 'active',
                    },
                  ]}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** "Revoke this link?": then the link stops at once (a toast says so). */
export function RevokeLinkDialog({ link, onClose }: { link: ShareLink | null; onClose: () => void }) {
  const { t } = useTranslation(SHARE_NS);
  const revoke = useRevokeShareLink();
  return (
    <ConfirmDialog
      opened={link !== null}
      title={t('revokeTitle')}
      message={t('revokeMessage', { label: link?.label ?? '' })}
      confirmLabel={t('revoke')}
      danger
      loading={revoke.isPending}
      onConfirm={() =>
        link &&
        revoke.mutate(link.id, {
          onSuccess: () => {
            toast.success(t('revoked'));
            onClose();
          },
          onError: (error) => toast.error(t('revokeError'), isApiError(error) && error.status > 0 ? error.message : undefined),
        })
      }
      onClose={() => !revoke.isPending && onClose()}
    />
  );
}

export function OpeningsDialog({ link, onClose }: { link: ShareLink | null; onClose: () => void }) {
  const { t } = useTranslation(SHARE_NS);
  const { t: tc } = useTranslation();
  const { dateTime } = useFormatters();
  const openings = useShareLinkOpenings(link?.id ?? null);
  return (
    <Modal
      opened={link !== null}
      onClose={onClose}
      title={t('openings.title', { label: link?.label ?? '' })}
      centered
      radius="lg"
      size="lg"
      closeButtonProps={{ 'aria-label': tc('common.close') }}
    >
      {openings.isPending ? (
        <Skeleton h={36} />
      ) : (openings.data ?? []).length === 0 ? (
        <Text c="dimmed">{t('openings.empty')}</Text>
      ) : (
        <Table aria-label={t('openings.tableLabel')} data-testid="share-openings">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('openings.time')}</Table.Th>
              <Table.Th>{t('openings.address')}</Table.Th>
              <Table.Th>{t('openings.browser')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(openings.data ?? []).map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td>{dateTime(o.at)}</Table.Td>
                <Table.Td>{o.ip ?? '—'}</Table.Td>
                <Table.Td>
                  <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                    {o.user_agent ?? '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}
