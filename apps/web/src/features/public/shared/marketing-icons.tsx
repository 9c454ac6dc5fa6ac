import { icon } from '../../../ui/icons.tsx';

/** Line icons of the home page, in the style of ui/icons.tsx (kept apart: everything here loads with `/`). */
export const PanoramaIcon = icon(
  <>
    <ellipse cx="12" cy="12" rx="9" ry="4" />
    <path d="M12 3a9 9 0 0 1 0 18M12 3a9 9 0 0 0 0 18M18 6.5l1.5 2L17 9" />
  </>,
);
export const SparkIcon = icon(
  <path d="M12 3v4M12 17v4M3 12h4M17 12h4M12 8l1.4 2.6L16 12l-2.6 1.4L12 16l-1.4-2.6L8 12l2.6-1.4zM5.6 5.6l1.8 1.8M16.6 16.6l1.8 1.8M18.4 5.6l-1.8 1.8M7.4 16.6l-1.8 1.8" />,
);
export const PulseIcon = icon(<path d="M3 12h4l2-6 4 12 2-6h6" />);
export const ArrowRightIcon = icon(<path d="M5 12h14M13 6l6 6-6 6" />);
export const PauseIcon = icon(<path d="M9 5v14M15 5v14" />);
export const PlayIcon = icon(<path d="M7 4.5v15l12-7.5z" />);
