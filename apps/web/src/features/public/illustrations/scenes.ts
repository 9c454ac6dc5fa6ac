// Our own scene illustrations (no third-party photos). They are SVG files, not components: pictures load as
// images beside the page's JS instead of inside it, and the browser caches them. Each comes animated (rotors,
// drone, bubbles: CSS inside the file) and still, for visitors who prefer reduced motion.
import bladeInspection from './blade-inspection.svg?no-inline';
import bladeInspectionStill from './blade-inspection-still.svg?no-inline';
import rovFoundation from './rov-foundation.svg?no-inline';
import rovFoundationStill from './rov-foundation-still.svg?no-inline';
import rovSurvey from './rov-survey.svg?no-inline';
import rovSurveyStill from './rov-survey-still.svg?no-inline';

export const SCENES = {
  blade: { src: bladeInspection, still: bladeInspectionStill },
  rovFoundation: { src: rovFoundation, still: rovFoundationStill },
  rovSurvey: { src: rovSurvey, still: rovSurveyStill },
} as const;
export type SceneName = keyof typeof SCENES;
