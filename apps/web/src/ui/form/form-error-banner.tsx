import { Alert } from '@mantine/core';
import { AlertCircleIcon } from '../app-icons.tsx';

/** An entity form's refusal that no field explains (useServerErrors' `banner`): what failed as the title, the server's
 *  message, read at render so it follows a language switch. Nothing when there is no such refusal. */
export function FormErrorBanner({ title, error }: { title: string; error: Error | null }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" title={title} icon={<AlertCircleIcon size={18} />} role="alert">
      {error.message}
    </Alert>
  );
}
