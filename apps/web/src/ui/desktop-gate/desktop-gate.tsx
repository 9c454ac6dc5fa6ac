import { Button, Center, Divider, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type ReactNode, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { HomeIcon } from '../icons.tsx';
import { MonitorIcon } from '../app-icons.tsx';
import { isDesktopOnlyBlocked } from './device-rules.ts';
import classes from './desktop-gate.module.css';

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

function useIsBlockedDevice(): boolean {
  return useSyncExternalStore(subscribe, () =>
    isDesktopOnlyBlocked({ width: window.innerWidth, userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints }),
  );
}

/** Wraps every management route: on a phone, tablet or narrow window only a bilingual notice is shown. */
export function DesktopGate({ children }: { children: ReactNode }) {
  const blocked = useIsBlockedDevice();
  return blocked ? <DesktopOnlyNotice /> : children;
}

function DesktopOnlyNotice() {
  const { t } = useTranslation();
  return (
    <Center className={classes.screen} role="alert" data-testid="desktop-gate">
      <Stack align="center" gap="lg" maw={440} px="lg" ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color="wind" className={classes.icon}>
          <MonitorIcon size={38} />
        </ThemeIcon>
        <Stack gap={6} lang="tr">
          <Title order={1} size="h3" c="white">
            {t('gate.title', { lng: 'tr' })}
          </Title>
          <Text c="gray.3">{t('gate.message', { lng: 'tr' })}</Text>
        </Stack>
        <Divider w="60%" color="rgba(255,255,255,0.2)" />
        <Stack gap={6} lang="en">
          <Title order={2} size="h4" c="white">
            {t('gate.title', { lng: 'en' })}
          </Title>
          <Text c="gray.3">{t('gate.message', { lng: 'en' })}</Text>
        </Stack>
        <Button component={Link} to={paths.home} variant="white" color="navy" radius="xl" leftSection={<HomeIcon size={16} />}>
          {t('common.backToHome')}
        </Button>
      </Stack>
    </Center>
  );
}
