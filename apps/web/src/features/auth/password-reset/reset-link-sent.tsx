import { Alert, Anchor, Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { AlertTriangleIcon, MailIcon } from '../../../ui/icons.tsx';

/** The success state of the reset request: where the link went, the spam reminder, back to sign-in, resend. */
export function ResetLinkSent({ email, onResend }: { email: string; onResend: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid="reset-sent">
      <ThemeIcon size={56} radius="xl" variant="light" color="teal">
        <MailIcon size={28} />
      </ThemeIcon>
      <Stack gap={6}>
        <Title order={1} size="h2">
          {t('auth.reset.successTitle')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('auth.reset.successIntro')}
        </Text>
        <Text fw={700} size="md" style={{ wordBreak: 'break-all' }} data-testid="reset-email">
          {email}
        </Text>
        <Text c="dimmed" size="sm">
          {t('auth.reset.successNote')}
        </Text>
      </Stack>
      <Alert variant="light" color="yellow" icon={<AlertTriangleIcon size={18} />} py="xs">
        {t('auth.reset.spamReminder')}
      </Alert>
      <Button component={Link} to={paths.login} size="md" fullWidth>
        {t('auth.reset.backToLogin')}
      </Button>
      <Group gap={6} justify="center">
        <Text size="sm" c="dimmed">
          {t('auth.reset.resendHint')}
        </Text>
        <Anchor component="button" type="button" size="sm" fw={600} onClick={onResend}>
          {t('auth.reset.resend')}
        </Anchor>
      </Group>
    </Stack>
  );
}
