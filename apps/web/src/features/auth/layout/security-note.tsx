import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LockIcon } from '../../../ui/app-icons.tsx';
import { AUTH_PAGES_NS } from './auth-pages-i18n.ts';

/** Spec §2: the sign-in screen's security notice. */
export function SecurityNote() {
  const { t } = useTranslation(['translation', AUTH_PAGES_NS]);
  return (
    <Group gap={8} wrap="nowrap" align="flex-start" c="dimmed">
      <LockIcon size={16} style={{ flex: 'none', marginTop: 2 }} />
      <Text size="xs">{t('authPages:login.security')}</Text>
    </Group>
  );
}
