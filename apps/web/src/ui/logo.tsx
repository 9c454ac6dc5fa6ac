import { Group, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface LogoProps {
  size?: number;
  withWordmark?: boolean;
  /** wordmark colour on dark backgrounds */
  inverted?: boolean;
}

const BLADE = 'M20 15.2c-.55-3.2-.2-6.6 1.1-9.2.75 2.9.5 6.2-1.1 9.2z';

/** The Windscope mark: a turbine on its tower against a sea-to-sky tile, with a scope arc. */
export function LogoMark({ size = 32 }: { size?: number }) {
  const gradient = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#0f2f5c" />
          <stop offset="1" stopColor="#0a8fb2" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="11" fill={`url(#${gradient})`} />
      <path d="M7 27a14 14 0 0 1 6-17" fill="none" stroke="#97d6e3" strokeOpacity="0.7" strokeWidth="1.8" strokeLinecap="round" />
      <path d="M19.2 16.4h1.6l.9 17.6h-3.4z" fill="#d5eef4" />
      <g fill="#ffffff">
        <path d={BLADE} transform="rotate(15 20 16)" />
        <path d={BLADE} transform="rotate(135 20 16)" />
        <path d={BLADE} transform="rotate(255 20 16)" />
        <circle cx="20" cy="16" r="1.9" />
      </g>
    </svg>
  );
}

export function Logo({ size = 32, withWordmark = true, inverted = false }: LogoProps) {
  const { t } = useTranslation();
  return (
    <Group gap={10} wrap="nowrap">
      <LogoMark size={size} />
      {withWordmark && (
        <Text component="span" fw={800} fz={size * 0.6} lh={1} c={inverted ? 'white' : undefined} style={{ letterSpacing: '-0.02em' }}>
          {t('common.brand')}
        </Text>
      )}
    </Group>
  );
}
