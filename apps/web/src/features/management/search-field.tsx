import { CloseButton, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from './icons.tsx';

interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
  testId?: string;
}

/** The free-text search box of the management lists, with a clear button. */
export function SearchField({ value, onChange, label, placeholder, testId }: SearchFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      leftSection={<SearchIcon size={16} />}
      rightSection={value ? <CloseButton size="sm" aria-label={t('common.close')} onClick={() => onChange('')} /> : null}
      data-testid={testId}
    />
  );
}
