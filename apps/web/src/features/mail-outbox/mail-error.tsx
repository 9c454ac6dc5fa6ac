import { ActionIcon, Group, Popover, Text } from '@mantine/core';
import type { MailOutboxItem } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { InfoIcon } from '../../ui/app-icons.tsx';
import { MAIL_OUTBOX_NS } from './i18n.ts';

/** The last error of an e-mail in words, by the kind the server recorded; the mail server's own text (technical,
 *  English) is a detail behind the info button. */
export function MailErrorCell({ row }: { row: MailOutboxItem }) {
  const { t } = useTranslation(MAIL_OUTBOX_NS);
  if (!row.last_error) return <Text c="dimmed">—</Text>;
  const sentence = t(`errors.${row.last_error_kind ?? 'other'}`);
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Text
        size="sm"
        lineClamp={2}
        title={sentence}
        data-testid="mail-error"
        data-kind={row.last_error_kind ?? 'other'}
        style={{ flex: 1 }}
      >
        {sentence}
      </Text>
      <Popover width={340} position="bottom-end" withArrow shadow="md">
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={t('errorDetails', { recipient: row.recipient ?? '' })}
            data-testid="mail-error-details"
          >
            <InfoIcon size={16} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Text size="xs" fw={600} mb={4}>
            {t('errorDetailsTitle')}
          </Text>
          <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="mail-error-raw">
            {row.last_error}
          </Text>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
