import { icon } from '../../ui/icons.tsx';

/** Line icons of the management screens, drawn like ui/icons.tsx (24 px grid, 2 px stroke, currentColor). */

export const PlusIcon = icon(<path d="M12 5v14M5 12h14" />);
export const SearchIcon = icon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
);
export const EditIcon = icon(<path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4zM13.5 6.5l4 4" />);
export const TrashIcon = icon(<path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />);
export const KeyIcon = icon(
  <>
    <circle cx="8" cy="15" r="4" />
    <path d="m10.8 12.2 8.2-8.2M17 6l2 2M14 9l2 2" />
  </>,
);
export const GridIcon = icon(
  <>
    <rect x="4" y="4" width="6" height="6" rx="1" />
    <rect x="14" y="4" width="6" height="6" rx="1" />
    <rect x="4" y="14" width="6" height="6" rx="1" />
    <rect x="14" y="14" width="6" height="6" rx="1" />
  </>,
);
export const ListIcon = icon(<path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />);
export const MapIcon = icon(<path d="m3 6 6-2 6 2 6-2v14l-6 2-6-2-6 2zM9 4v14M15 6v14" />);
/** bars of a chart (the dashboard's fleet questions) */
export const ChartBarIcon = icon(<path d="M4 20h16M7 20V11M12 20V5M17 20v-6" />);
export const CameraIcon = icon(
  <>
    <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
    <circle cx="12" cy="13" r="3.5" />
  </>,
);
export const PanoramaIcon = icon(
  <>
    <ellipse cx="12" cy="12" rx="9" ry="4" />
    <path d="M12 3v2M12 19v2M17 14.5l2.5 2.5" />
  </>,
);
export const BuildingIcon = icon(<path d="M4 21V5a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1v16M15 9h4a1 1 0 0 1 1 1v11M3 21h18M8 8h3M8 12h3M8 16h3" />);
export const UsersIcon = icon(
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14a6.5 6.5 0 0 1 3.5 6" />
  </>,
);
export const DoorIcon = icon(<path d="M5 21V4a1 1 0 0 1 1-1h12a1 1 0 0 1 1 1v17M3 21h18M15 12h.01" />);
export const TurbineIcon = icon(<path d="M12 11 9 3.5M12 11l7.5 2.5M12 11l-5.5 6M12 12v9M9 21h6" />);
export const UserIcon = icon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
);
export const MailOutlineIcon = icon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </>,
);
export const FilterOffIcon = icon(<path d="M3 5h18l-7 8v6l-4 2v-8zM4 20 20 4" />);
export const SortAscIcon = icon(<path d="M12 19V5M6 11l6-6 6 6" />);
export const SortDescIcon = icon(<path d="M12 5v14M6 13l6 6 6-6" />);
export const SortNoneIcon = icon(<path d="M8 9l4-4 4 4M8 15l4 4 4-4" />);
export const ClockIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
);
/** webhooks: a signal leaving along a line */
export const LinkIcon = icon(
  <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />,
);
export const WebhookIcon = icon(<path d="M4 12h6M14 12h6M10 12a2 2 0 1 0 4 0a2 2 0 1 0-4 0M17 8l3 4-3 4" />);
