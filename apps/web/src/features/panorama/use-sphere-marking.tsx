import { Badge, Button, Group, Text } from '@mantine/core';
import { type Photo, POLYGON_MAX_POINTS, type PhotoFinding } from '@windscope/contract';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FINDINGS_NS } from '../findings/findings-i18n.ts';
import '../findings/findings-styles.ts';
import { severityCss, useFindingLabels } from '../findings/labels.ts';
import {
  type SphereMarker,
  type SpherePoint,
  sphereGeometry,
  sphereMarkers,
  sphereShapeOf,
  withoutRepeat,
} from '../findings/sphere-shapes.ts';
import { useFindingMarking } from '../findings/use-finding-marking.tsx';
import { TargetIcon, UndoIcon } from '../viewer-common/viewer-icons.tsx';
import classes from './panorama-page.module.css';
import { isTypingTarget } from './viewer-keys.ts';

export interface SphereMarking {
  /** the contract's can('finding.create') */
  mayCreate: boolean;
  markers: SphereMarker[];
  draft: SpherePoint[];
  marking: boolean;
  start: () => void;
  cancel: () => void;
  addPoint: (point: SpherePoint) => void;
  finish: (doubleClick?: boolean) => void;
  openFinding: (findingId: number) => void;
  /** "Mark finding" / "Stop marking", for the viewer's top bar (null for users who may not create findings) */
  toggle: ReactNode;
  /** the point count, finish and undo while marking */
  bar: ReactNode;
  /** the finding form and drawer */
  dialogs: ReactNode;
}

const INTERACTIVE = 'button, a, input, select, textarea, [role="button"], [role="option"]';

/** The "mark finding" tool of the 360° viewer (DECISIONS §12): the panorama's findings as markers, then points clicked on
 *  the sphere (one point, or three or more for an outline) finished by the button, a double-click or Enter, Escape
 *  cancelling; the geometry ([yaw, pitch]) goes to the same form as on flat photos. */
export function useSphereMarking(turbineId: number, photo: Photo, enabled: boolean, onStart: () => void): SphereMarking {
  const { t } = useTranslation(FINDINGS_NS);
  const labels = useFindingLabels();
  const { mayCreate, findings, onDrawn, onOpen, dialogs } = useFindingMarking(turbineId, photo);
  const [marking, setMarking] = useState(false);
  const [draft, setDraft] = useState<SpherePoint[]>([]);
  // the points as last clicked, for a finish that comes in the same burst of events (a double-click) as its clicks
  const clicked = useRef<SpherePoint[]>([]);
  clicked.current = draft;

  const label = (f: PhotoFinding) =>
    t('mark.overlayLabel', { type: labels.type(f.type), severity: f.severity, label: labels.severity(f.severity) });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language
  const markers = useMemo(() => sphereMarkers(findings, label, severityCss), [findings, labels.language]);

  const cancel = () => {
    setMarking(false);
    clicked.current = [];
    setDraft([]);
  };
  /** ends marking with the clicked points; after a double-click the repeated last point is dropped */
  const finish = (doubleClick = false) => {
    const points = clicked.current;
    const geometry = sphereGeometry(doubleClick ? withoutRepeat(points) : points);
    if (!geometry) return;
    cancel();
    onDrawn(geometry);
  };
  const start = () => {
    onStart();
    setMarking(true);
  };
  const update = (next: SpherePoint[]) => {
    clicked.current = next;
    setDraft(next);
  };
  const addPoint = (point: SpherePoint) =>
    update(clicked.current.length >= POLYGON_MAX_POINTS ? clicked.current : [...clicked.current, point]);
  const undo = () => update(clicked.current.slice(0, -1));

  // another photo, or one the sphere cannot show: marking stops
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new photo is the trigger
  useEffect(() => cancel(), [photo.id, enabled]);

  const keys = useRef({ marking, finish, cancel, undo });
  keys.current = { marking, finish, cancel, undo };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!keys.current.marking || isTypingTarget(event.target) || document.querySelector('[role="dialog"]')) return;
      if (event.key === 'Escape') keys.current.cancel();
      else if (event.key === 'Enter' && !(event.target instanceof Element && event.target.closest(INTERACTIVE))) keys.current.finish();
      else if (event.key === 'Backspace' || event.key === 'Delete') keys.current.undo();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const shape = sphereShapeOf(draft.length);
  const toggle =
    mayCreate && enabled ? (
      <Button
        size="sm"
        variant={marking ? 'filled' : 'white'}
        color={marking ? 'red' : 'dark'}
        leftSection={<TargetIcon size={16} />}
        aria-pressed={marking}
        onClick={() => (marking ? cancel() : start())}
        data-testid="finding-mark-toggle"
      >
        {marking ? t('mark.cancel') : t('mark.tool')}
      </Button>
    ) : null;

  const bar = marking ? (
    <div className={classes.findingBar} data-testid="finding-sphere-bar" data-points={draft.length}>
      <Group gap="xs" wrap="wrap">
        <Badge variant="filled" color="dark" data-testid="finding-sphere-count">
          {t('mark.spherePoints', { count: draft.length })}
        </Badge>
        <Button
          size="xs"
          variant="subtle"
          color="gray"
          className={classes.barButton}
          leftSection={<UndoIcon size={14} />}
          disabled={draft.length === 0}
          onClick={undo}
          data-testid="finding-sphere-undo"
        >
          {t('mark.undoPoint')}
        </Button>
        <Button size="xs" color="wind" disabled={!shape} onClick={() => finish()} data-testid="finding-sphere-finish">
          {shape === 'point' ? t('mark.finishPoint') : t('mark.finishPolygon')}
        </Button>
      </Group>
      <Text size="xs" className={classes.barHint} aria-live="polite">
        {draft.length === 2 ? t('mark.sphereTwoPoints') : t('mark.sphereHint')}
      </Text>
    </div>
  ) : null;

  return { mayCreate, markers, draft, marking, start, cancel, addPoint, finish, openFinding: onOpen, toggle, bar, dialogs };
}
