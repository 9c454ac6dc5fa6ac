import { Badge } from '@mantine/core';
import type { Role } from '@windscope/contract';
import { useTranslation } from 'react-i18next';

const ROLE_COLORS: Record<Role, string> = {
  superadmin: 'red',
  admin: 'grape',
  company_manager: 'violet',
  operator: 'blue',
  customer: 'teal',
  viewer: 'gray',
};

/** The role with its label in the current language (Süper Yönetici, Yönetici, Operatör, Müşteri …). */
export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <Badge color={ROLE_COLORS[role]} variant="light" radius="sm" data-role={role}>
      {t(`roles.${role}`)}
    </Badge>
  );
}
