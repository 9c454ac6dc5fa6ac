import type { Language } from '@windscope/contract';
import { LOCALES } from '../../i18n/format.ts';

/** "about 4 min" / "yaklaşık 4 dk": seconds as the largest sensible unit, worded by Intl (no strings of ours). */
export function formatDuration(seconds: number, language: Language): string {
  const unit = (value: number, name: 'second' | 'minute' | 'hour') =>
    new Intl.NumberFormat(LOCALES[language], { style: 'unit', unit: name, unitDisplay: 'short', maximumFractionDigits: 0 }).format(value);
  if (seconds < 60) return unit(Math.max(1, Math.round(seconds)), 'second');
  if (seconds < 3600) return unit(Math.round(seconds / 60), 'minute');
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.round((seconds % 3600) / 60);
  return minutes > 0 ? `${unit(hours, 'hour')} ${unit(minutes, 'minute')}` : unit(hours, 'hour');
}
