import { Box, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useLogout } from '../../features/auth/session.ts';
import { useCurrentUser } from '../../features/auth/use-auth.ts';
import { LogoutIcon } from '../icons.tsx';
import { LanguageToggle } from '../language-toggle.tsx';
import { Logo } from '../logo.tsx';
import { ThemeToggle } from '../theme-toggle.tsx';
import classes from './app-header.module.css';

export interface AppHeaderProps {
  /** the screen's title, e.g. "Turbine Management" or a turbine's name */
  title?: ReactNode;
  /** screen-specific buttons, placed before the language and theme toggles */
  actions?: ReactNode;
}

/** Header of the management area: logo, title, the screen's actions, TR/EN, theme, signed-in user, sign out. */
export function AppHeader({ title, actions }: AppHeaderProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const logout = useLogout();
  const [signingOut, setSigningOut] = useState(false);

  return (
    <Box component="header" className={classes.header}>
      <Group h="100%" px="lg" justify="space-between" wrap="nowrap" gap="md">
        <Group gap="md" wrap="nowrap" miw={0}>
          <Link to={paths.dashboard} className={classes.home}>
            <Logo size={30} />
          </Link>
          {title && (
            <>
              <Divider orientation="vertical" />
              <Text component="h1" fw={700} fz="lg" truncate>
                {title}
              </Text>
            </>
          )}
        </Group>
        <Group gap="sm" wrap="nowrap">
          {actions}
          <LanguageToggle />
          <ThemeToggle />
          {user && (
            <Stack gap={0} className={classes.user} title={t('auth.signedInAs', { name: `${user.first_name} ${user.last_name}` })}>
              <Text size="sm" fw={600} lh={1.2} truncate>
                {user.first_name} {user.last_name}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2} truncate>
                {t(`roles.${user.role}`)}
              </Text>
            </Stack>
          )}
          <Button
            variant="light"
            color="red"
            leftSection={<LogoutIcon size={16} />}
            loading={signingOut}
            onClick={() => {
              setSigningOut(true);
              void logout();
            }}
            data-testid="logout"
          >
            {t('auth.logout')}
          </Button>
        </Group>
      </Group>
    </Box>
  );
}
