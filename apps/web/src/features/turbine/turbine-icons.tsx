import { icon } from '../../ui/icons.tsx';

/** Line icons of the turbine page, drawn like ui/icons.tsx (24 px grid, 2 px stroke, currentColor). */

export const UploadIcon = icon(<path d="M12 16V4M7 9l5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />);
export const DownloadIcon = icon(<path d="M12 4v12M7 11l5 5 5-5M4 20h16" />);
export const TrashIcon = icon(<path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />);
export const ChevronLeftIcon = icon(<path d="m15 6-6 6 6 6" />);
export const ChevronRightIcon = icon(<path d="m9 6 6 6-6 6" />);
export const CommentIcon = icon(<path d="M4 5h16v11H9l-5 4V5z" />);
export const ListIcon = icon(<path d="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01" />);
export const UsersIcon = icon(
  <path d="M16 19v-1a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v1M9 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM22 19v-1a4 4 0 0 0-3-3.9M16 4.1a3 3 0 0 1 0 5.8" />,
);
export const BuildingIcon = icon(<path d="M4 21V5l8-3v19M12 8h8v13M4 21h17M8 9h.01M8 13h.01M8 17h.01M16 12h.01M16 16h.01" />);
export const MenuIcon = icon(<path d="M4 7h16M4 12h16M4 17h16" />);
export const SearchIcon = icon(<path d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4" />);
export const CompareIcon = icon(<path d="M12 4v16M4 7h5v10H4zM15 7h5v10h-5z" />);
export const PhotoIcon = icon(<path d="M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15 9h.01" />);
export const FileIcon = icon(<path d="M14 3H6v18h12V7l-4-4zM14 3v4h4" />);
export const ShareIcon = icon(
  <path d="M18 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM18 22a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />,
);
export { CubeIcon } from '../viewer-common/viewer-icons.tsx';
export const BroomIcon = icon(<path d="M14 4 9 13M6 14h7l2 6H4l2-6zM8 20l1-3M11 20v-3" />);
export const PanoramaIcon = icon(<path d="M3 7c6-2 12-2 18 0v10c-6-2-12-2-18 0V7zM12 12h.01" />);
export const DroneIcon = icon(
  <path d="M9 10h6v4H9zM5 7a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM19 7a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM6.5 6.5 9 10M17.5 6.5 15 10M12 14v3" />,
);
export const HardHatIcon = icon(<path d="M3 18h18M5 18v-3a7 7 0 0 1 14 0v3M10 8V5h4v3" />);
export const RobotIcon = icon(<path d="M6 8h12v10H6zM12 4v4M9 13h.01M15 13h.01M3 12v3M21 12v3" />);
