import { Center, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { HomeIcon, RefreshIcon } from './icons.tsx';
import plain from './plain-button.module.css';
import classes from './status-screen.module.css';

export interface StatusScreenProps {
  /** big faint code such as 404 */
  code?: string;
  title: string;
  message: ReactNode;
  /** Try Again: a retry callback, or reload the page when omitted; `false` hides the button */
  onRetry?: (() => void) | false;
  /** where Go Home leads (the public home by default) */
  homeTo?: string;
  homeLabel?: string;
  children?: ReactNode;
  fullScreen?: boolean;
}

/** The shared look of not-found, server-error and unauthorized screens: code, title, message, Try Again and Go Home. */
export function StatusScreen({
  code,
  title,
  message,
  onRetry,
  homeTo = paths.home,
  homeLabel,
  children,
  fullScreen = false,
}: StatusScreenProps) {
  const { t } = useTranslation();
  return (
    <Center mih={fullScreen ? '100dvh' : '60vh'} px="md" py={64}>
      <Stack align="center" gap="md" maw={520} ta="center">
        {code && (
          <Text className={classes.code} aria-hidden="true">
            {code}
          </Text>
        )}
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed" size="lg">
          {message}
        </Text>
        {children}
        <Group justify="center" gap="sm" mt="sm">
          {onRetry !== false && (
            <button type="button" className={`${plain.button} ${plain.default}`} onClick={onRetry ?? (() => window.location.reload())}>
              <RefreshIcon size={16} />
              {t('common.tryAgain')}
            </button>
          )}
          <Link to={homeTo} className={plain.button}>
            <HomeIcon size={16} />
            {homeLabel ?? t('common.goHome')}
          </Link>
        </Group>
      </Stack>
    </Center>
  );
}
