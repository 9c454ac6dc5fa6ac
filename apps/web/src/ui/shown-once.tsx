import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertCircleIcon } from './app-icons.tsx';

/** A secret on screen the only time it is shown (an API token, a webhook's signing secret, a share link): a warning,
 *  the value with a copy button, and done. Test ids: `<testId>-<valueTestId: secret>`, `<testId>-copy`, `<testId>-done`. */
export function ShownOnce(props: {
  value: string;
  text: { warning: string; label: string; copy: string; copied: string; done: string };
  onDone: () => void;
  testId: string;
  valueTestId?: string;
}) {
  const { value, text, testId } = props;
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<AlertCircleIcon size={18} />} role="status">
        {text.warning}
      </Alert>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {text.label}
        </Text>
        <Group gap="sm" wrap="nowrap" align="center">
          <Code
            block
            fz="sm"
            style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
            data-testid={`${testId}-${props.valueTestId ?? 'secret'}`}
          >
            {value}
          </Code>
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'filled'}
                color={copied ? 'teal' : undefined}
                onClick={copy}
                data-testid={`${testId}-copy`}
              >
                {copied ? text.copied : text.copy}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onDone} data-testid={`${testId}-done`}>
          {text.done}
        </Button>
      </Group>
    </Stack>
  );
}

/** The "form, then the value shown once" modal (a share link, a webhook, an API token): the form until it creates
 *  something, then that thing's one showing, with its own title; an outside click cannot lose what is on screen, and
 *  closing forgets it (the next opening starts with the form). `shown` gets `done`, which closes. */
export function ShownOnceDialog<T>(props: {
  opened: boolean;
  onClose: () => void;
  title: string;
  shownTitle: string;
  form: (onCreated: (created: T) => void, close: () => void) => ReactNode;
  shown: (created: T, done: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<T | null>(null);
  const close = () => {
    setCreated(null);
    props.onClose();
  };
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={created === null ? props.title : props.shownTitle}
      centered
      radius="lg"
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      closeOnClickOutside={created === null}
    >
      {created === null ? props.form(setCreated, close) : props.shown(created, close)}
    </Modal>
  );
}
