import { icon } from '../../ui/icons.tsx';

/** The dashboard's escalation counters and trend arrows (issue 16). */
export const TrendUpIcon = icon(<path d="M3 17l6-6 4 4 8-8M14 7h7v7" />);
export const ClockIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 3" />
  </>,
);
export const ArrowUpIcon = icon(<path d="M12 19V5M5 12l7-7 7 7" />);
export const ArrowDownIcon = icon(<path d="M12 5v14M19 12l-7 7-7-7" />);
export const ArrowRightIcon = icon(<path d="M5 12h14M12 5l7 7-7 7" />);
