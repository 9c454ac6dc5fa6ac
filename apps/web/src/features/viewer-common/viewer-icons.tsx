import { icon } from '../../ui/icons.tsx';

/** Line icons of the viewer screens, drawn like ui/icons.tsx (24 px grid, 2 px stroke, currentColor). */

export const ChevronLeftIcon = icon(<path d="m15 18-6-6 6-6" />);
export const ChevronRightIcon = icon(<path d="m9 18 6-6-6-6" />);
export const CommentIcon = icon(<path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12zM8 10h8M8 14h5" />);
export const SidebarIcon = icon(
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M9 4v16M5.5 8h1.5M5.5 11h1.5" />
  </>,
);
export const FullscreenIcon = icon(<path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />);
export const ExitFullscreenIcon = icon(<path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />);
export const PenIcon = icon(<path d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />);
export const CircleIcon = icon(<circle cx="12" cy="12" r="8" />);
export const SquareIcon = icon(<rect x="4" y="5" width="16" height="14" rx="1" />);
export const TextIcon = icon(<path d="M5 6V4h14v2M12 4v16M9 20h6" />);
export const CubeIcon = icon(<path d="m12 3 8 4.5v9L12 21l-8-4.5v-9L12 3zM12 12l8-4.5M12 12v9M12 12 4 7.5" />);
export const PointerIcon = icon(<path d="m5 3 14 7-6 2-2 6L5 3z" />);
export const TargetIcon = icon(<path d="M12 3v4M12 17v4M3 12h4M17 12h4M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z" />);
export const UndoIcon = icon(<path d="M9 14 4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3" />);
export const TrashIcon = icon(<path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />);
export const EditIcon = icon(<path d="M12 20h8M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4L16.5 3.5z" />);
export const ZoomInIcon = icon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-4-4M8 11h6M11 8v6" />
  </>,
);
export const ZoomOutIcon = icon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-4-4M8 11h6" />
  </>,
);
export const ResetIcon = icon(<path d="M4 12a8 8 0 1 0 2.3-5.7L4 8.5M4 4v4.5h4.5" />);
export const CompareIcon = icon(
  <>
    <rect x="3" y="5" width="7" height="14" rx="1" />
    <rect x="14" y="5" width="7" height="14" rx="1" />
  </>,
);
export const PhotoIcon = icon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="m21 16-5-5-9 8" />
  </>,
);
export const PanoramaIcon = icon(
  <>
    <ellipse cx="12" cy="12" rx="9" ry="4" />
    <path d="M3 12v3c0 2.2 4 4 9 4s9-1.8 9-4v-3" />
  </>,
);
export const SettingsIcon = icon(
  <>
    <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
    <circle cx="16" cy="6" r="2" />
    <circle cx="10" cy="12" r="2" />
    <circle cx="18" cy="18" r="2" />
  </>,
);
export const CameraIcon = icon(
  <>
    <path d="M4 8h3l2-3h6l2 3h3v11H4V8z" />
    <circle cx="12" cy="13" r="3.5" />
  </>,
);
export const PinIcon = icon(
  <>
    <path d="M12 21s-6-5.6-6-11a6 6 0 0 1 12 0c0 5.4-6 11-6 11z" />
    <circle cx="12" cy="10" r="2.2" />
  </>,
);
