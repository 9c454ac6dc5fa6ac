import {
  DEPTH_CLASS_LABELS,
  FINDING_STATUS_LABELS,
  FINDING_SURFACE_LABELS,
  FINDING_TYPE_LABELS,
  type FindingStatus,
  type FindingSurface,
  type FindingType,
  SEVERITY_SCALE,
  type Severity,
} from '@windscope/contract';
import { useFormatters } from '../../i18n/format.ts';

/** Mantine colour per severity 1..5 (cosmetic .. critical): one scale for chips, overlays, markers and health. */
export const SEVERITY_COLORS: Record<Severity, string> = { 1: 'teal', 2: 'yellow', 3: 'orange', 4: 'red', 5: 'grape' };
export const severityColor = (severity: number) => SEVERITY_COLORS[severity as Severity] ?? 'gray';
/** A CSS colour for SVG strokes and sphere markers. */
export const severityCss = (severity: number) => `var(--mantine-color-${severityColor(severity)}-6)`;

/** The contract's TR/EN labels in the current language. */
export function useFindingLabels() {
  const { language } = useFormatters();
  return {
    language,
    type: (type: FindingType) => FINDING_TYPE_LABELS[type][language],
    surface: (surface: FindingSurface) => FINDING_SURFACE_LABELS[surface][language],
    status: (status: FindingStatus) => FINDING_STATUS_LABELS[status][language],
    severity: (severity: number) => SEVERITY_SCALE[severity as Severity]?.[language] ?? String(severity),
    severityMeaning: (severity: number) => SEVERITY_SCALE[severity as Severity]?.meaning[language] ?? '',
    severityAction: (severity: number) => SEVERITY_SCALE[severity as Severity]?.action[language] ?? '',
    depth: (depth: number) => DEPTH_CLASS_LABELS[depth as 1 | 2 | 3 | 4]?.[language] ?? String(depth),
  };
}

/** The link review of a turbine and year (issue 16; router.tsx): kept out of app/paths.ts, which the home page loads. */
export const findingsReviewPath = (id: number | string, year?: number) =>
  `/dashboard/turbine/${id}/findings-review${year ? `?year=${year}` : ''}`;
