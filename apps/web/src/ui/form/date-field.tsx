import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/tr';
import 'dayjs/locale/en-gb';
import '@mantine/dates/styles.layer.css';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../i18n/detect-language.ts';

dayjs.extend(customParseFormat);

/** How a date field shows and takes dates in each language, as the app's own dates are written (DECISIONS §8):
 *  "14.07.2026" in Turkish, "14/07/2026" in English (en-GB). A native date field showed the browser's own format
 *  ("mm/dd/yyyy" on a Turkish page in an English browser: issue 24 item 26). */
export const DATE_FIELD_FORMATS = {
  tr: { format: 'DD.MM.YYYY', locale: 'tr', placeholder: 'gg.aa.yyyy' },
  en: { format: 'DD/MM/YYYY', locale: 'en-gb', placeholder: 'dd/mm/yyyy' },
} as const;

/** A typed date in the language's format (or the ISO form) as YYYY-MM-DD, or null when it is not a real day. */
export function parseDateField(text: string, language: 'tr' | 'en'): string | null {
  const value = text.trim();
  if (!value) return null;
  for (const format of [DATE_FIELD_FORMATS[language].format, 'YYYY-MM-DD', language === 'tr' ? 'D.M.YYYY' : 'D/M/YYYY']) {
    const day = dayjs(value, format, true);
    if (day.isValid()) return day.format('YYYY-MM-DD');
  }
  return null;
}

type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'locale'> & {
  /** YYYY-MM-DD, or '' for none */
  value: string;
  onChange: (value: string) => void;
};

/** A date field in the page's language: typed as the language writes dates, or picked on a calendar whose month and
 *  day names are the language's; the value is always YYYY-MM-DD ('' when empty). */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  const { i18n, t } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'tr';
  const { format, locale, placeholder } = DATE_FIELD_FORMATS[language];
  return (
    <DateInput
      placeholder={placeholder}
      {...props}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      valueFormat={format}
      dateParser={(text) => parseDateField(text, language)}
      locale={locale}
      clearable={props.clearable ?? true}
      clearButtonProps={{ 'aria-label': t('common.calendar.clearDate') }}
      ariaLabels={{
        monthLevelControl: t('common.calendar.monthLevelControl'),
        yearLevelControl: t('common.calendar.yearLevelControl'),
        nextMonth: t('common.calendar.nextMonth'),
        previousMonth: t('common.calendar.previousMonth'),
        nextYear: t('common.calendar.nextYear'),
        previousYear: t('common.calendar.previousYear'),
        nextDecade: t('common.calendar.nextDecade'),
        previousDecade: t('common.calendar.previousDecade'),
      }}
    />
  );
}
