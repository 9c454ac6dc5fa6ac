import { icon } from '../../../ui/icons.tsx';

/** Line icons of the other marketing pages (never loaded by `/`). */
export const HeadsetIcon = icon(
  <>
    <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
    <rect x="3" y="13" width="4" height="6" rx="1.5" />
    <rect x="17" y="13" width="4" height="6" rx="1.5" />
    <path d="M19 19a3 3 0 0 1-3 3h-3" />
  </>,
);
export const ChatIcon = icon(<path d="M4 5h16v11H9l-5 4zM8 9h8M8 12h5" />);
export const RemoteIcon = icon(
  <>
    <rect x="3" y="4" width="18" height="12" rx="2" />
    <path d="M8 20h8M12 16v4M9 10l2 2 4-4" />
  </>,
);
export const ClockIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
);
export const LeafIcon = icon(<path d="M5 19c0-8 5-13 15-14-1 10-6 15-14 15M5 19l7-7" />);
export const BulbIcon = icon(<path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z" />);
export const GaugeIcon = icon(<path d="M4 17a8 8 0 1 1 16 0M12 17l4-6M7.5 12.5l1 1M12 8.5v1.2M16.5 12.5l-1 1" />);
export const AwardIcon = icon(
  <>
    <circle cx="12" cy="9" r="6" />
    <path d="M8.5 14 7 21l5-3 5 3-1.5-7" />
  </>,
);
export const SearchIcon = icon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
);
export const WrenchIcon = icon(<path d="M14.5 6.5a4 4 0 0 0 5 5L21 10a6 6 0 0 1-7.6 7.3L7 23.7 3.3 20l6.4-6.4A6 6 0 0 1 17 6l-2.5 0.5z" />);
export const FileTextIcon = icon(<path d="M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6" />);
export const TargetIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="5" />
    <circle cx="12" cy="12" r="1" />
  </>,
);
export const EyeIcon = icon(
  <>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
export const ChevronDownIcon = icon(<path d="m6 9 6 6 6-6" />);
