// Our own scene illustrations (no third-party photos). They are SVG files, not components: pictures load as images
// beside the page's JS instead of inside it, and the browser caches them. The still picture paints first; the moving
// parts (rotors, drone, bubbles) come after the page has loaded (scene-motion.tsx), unless the visitor prefers reduced
// motion.
import bladeInspection from './blade-inspection-still.svg?no-inline';
import rovFoundation from './rov-foundation-still.svg?no-inline';
import rovSurvey from './rov-survey-still.svg?no-inline';

export const SCENES = { blade: bladeInspection, rovFoundation, rovSurvey } as const;
export type SceneName = keyof typeof SCENES;
