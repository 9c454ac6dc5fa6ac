import { ActionIcon, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { Company } from '@windscope/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MapPinIcon, PhoneIcon } from '../../ui/icons.tsx';
import { EditIcon, MailOutlineIcon, TrashIcon, TurbineIcon, UserIcon, UsersIcon } from '../management/icons.tsx';
import { COMPANIES_NS } from './i18n.ts';

interface CompanyCardProps {
  company: Company;
  onEdit?: (company: Company) => void;
  onDelete?: (company: Company) => void;
}

/** A partner: contact e-mail, authorized person, phone, address, user and turbine counts. */
export function CompanyCard({ company, onEdit, onDelete }: CompanyCardProps) {
  const { t } = useTranslation(COMPANIES_NS);
  return (
    <Paper withBorder radius="lg" p="md" component="article" data-testid="company-card" data-company-id={company.id}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text component="h3" fw={700} fz="lg" lh={1.3} data-testid="company-name">
            {company.name}
          </Text>
          <Group gap={4} wrap="nowrap">
            {onEdit && (
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('card.edit', { company: company.name })}
                title={t('card.edit', { company: company.name })}
                onClick={() => onEdit(company)}
                data-testid="edit-company"
              >
                <EditIcon size={17} />
              </ActionIcon>
            )}
            {onDelete && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('card.delete', { company: company.name })}
                title={t('card.delete', { company: company.name })}
                onClick={() => onDelete(company)}
                data-testid="delete-company"
              >
                <TrashIcon size={17} />
              </ActionIcon>
            )}
          </Group>
        </Group>
        <Stack gap={6}>
          <Detail icon={<MailOutlineIcon size={15} />} label={t('card.email')} value={company.contact_email} />
          <Detail icon={<UserIcon size={15} />} label={t('card.authorized')} value={company.authorized_number} />
          <Detail icon={<PhoneIcon size={15} />} label={t('card.phone')} value={company.phone} />
          <Detail icon={<MapPinIcon size={15} />} label={t('card.address')} value={company.address} />
        </Stack>
        <Group gap="xs" mt="auto">
          <Badge variant="light" leftSection={<UsersIcon size={13} />} data-testid="company-users">
            {t('card.users', { count: company.user_count })}
          </Badge>
          <Badge variant="light" color="teal" leftSection={<TurbineIcon size={13} />} data-testid="company-turbines">
            {t('card.turbines', { count: company.turbine_count })}
          </Badge>
        </Group>
      </Stack>
    </Paper>
  );
}

function Detail({ icon, label, value }: { icon: ReactNode; label: string; value: string | null }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start" title={label}>
      <Text c="dimmed" display="flex" mt={2} aria-hidden>
        {icon}
      </Text>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" lh={1.2}>
          {label}
        </Text>
        <Text size="sm" lh={1.4} style={{ overflowWrap: 'anywhere' }}>
          {value || '—'}
        </Text>
      </div>
    </Group>
  );
}
