import type { FlatGeometry, PhotoFinding } from '@windscope/contract';
import { type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FlatShape, flatGeometry, normalisedPoint, type Point } from './flat-shapes.ts';
import { FINDINGS_NS } from './findings-i18n.ts';
import { severityCss, useFindingLabels } from './labels.ts';

export interface OverlaySize {
  width: number;
  height: number;
  zoom: number;
}

function ShapeOf({
  geometry,
  size,
  color,
  zoom,
  dashed = false,
}: {
  geometry: FlatGeometry;
  size: OverlaySize;
  color: string;
  zoom: number;
  dashed?: boolean;
}) {
  const px = geometry.points.map(([x, y]) => [x * size.width, y * size.height] as const);
  // the overlay is scaled with the picture by a CSS transform, which SVG's non-scaling-stroke does not undo: strokes,
  // dashes and the point's radius are divided by the zoom so they keep their screen size at any zoom
  const common = {
    stroke: color,
    strokeWidth: (dashed ? 3 : 2.5) / zoom,
    fill: dashed ? 'none' : color,
    fillOpacity: dashed ? 0 : 0.15,
    strokeDasharray: dashed ? `${8 / zoom} ${5 / zoom}` : undefined,
  };
  const [a, b] = px;
  if (!a) return null;
  if (geometry.shape === 'point') return <circle cx={a[0]} cy={a[1]} r={7 / zoom} {...common} fillOpacity={dashed ? 0 : 0.6} />;
  if (geometry.shape === 'polygon') return <polygon points={px.map((p) => p.join(',')).join(' ')} {...common} />;
  if (!b) return null;
  const x = Math.min(a[0], b[0]);
  const y = Math.min(a[1], b[1]);
  const w = Math.abs(a[0] - b[0]);
  const h = Math.abs(a[1] - b[1]);
  return geometry.shape === 'rectangle' ? (
    <rect x={x} y={y} width={w} height={h} {...common} />
  ) : (
    <ellipse cx={x + w / 2} cy={y + h / 2} rx={w / 2} ry={h / 2} {...common} />
  );
}

/** One finding on the photo: a button (click, Enter, Space) named by its title; the other year's dashed. */
function FindingShape({
  finding,
  title,
  size,
  marking,
  onOpen,
  dashed = false,
}: {
  finding: PhotoFinding;
  title: string;
  size: OverlaySize;
  marking: boolean;
  onOpen: (findingId: number) => void;
  dashed?: boolean;
}) {
  return (
    <g
      role="button"
      tabIndex={marking ? -1 : 0}
      aria-label={title}
      data-testid={dashed ? 'finding-shape-other' : 'finding-shape'}
      data-finding-id={finding.finding_id}
      data-severity={finding.severity}
      style={{ cursor: 'pointer', pointerEvents: marking ? 'none' : 'all' }}
      onPointerDown={(event) => event.stopPropagation()}
      onClick={() => onOpen(finding.finding_id)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') onOpen(finding.finding_id);
      }}
    >
      <title>{title}</title>
      {finding.geometry.space === 'flat' && (
        <ShapeOf geometry={finding.geometry} size={size} color={severityCss(finding.severity)} zoom={size.zoom} dashed={dashed} />
      )}
    </g>
  );
}

export interface FlatOverlayProps {
  size: OverlaySize;
  findings: PhotoFinding[];
  /** null: not marking; else the shape being drawn */
  marking: FlatShape | null;
  onOpen: (findingId: number) => void;
  onDrawn: (geometry: FlatGeometry) => void;
  /** the findings of the other photo of a year compare: drawn dashed and unfilled, named with their year */
  others?: { year: number; findings: PhotoFinding[] };
}

/** SVG over the photo, inside the zoomed and panned box (so shapes stay on the damage): the findings on this photo,
 *  coloured by severity, and the shape being drawn. Stored points are fractions of the image (§12). */
export function FlatOverlay({ size, findings, marking, onOpen, onDrawn, others }: FlatOverlayProps) {
  const { t } = useTranslation(FINDINGS_NS);
  const labels = useFindingLabels();
  const svgRef = useRef<SVGSVGElement>(null);
  const [draft, setDraft] = useState<Point[]>([]);
  const dragging = useRef(false);

  const at = (event: { clientX: number; clientY: number }): Point => {
    const box = svgRef.current?.getBoundingClientRect();
    return box ? normalisedPoint(event.clientX, event.clientY, box) : [0, 0];
  };
  const finish = (points: Point[]) => {
    const geometry = marking ? flatGeometry(marking, points) : null;
    setDraft([]);
    if (geometry) onDrawn(geometry);
  };
  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (!marking || event.button !== 0) return;
    event.stopPropagation();
    const p = at(event);
    if (marking === 'point') return finish([p]);
    if (marking === 'polygon') return setDraft((d) => [...d, p]);
    event.currentTarget.setPointerCapture(event.pointerId);
    dragging.current = true;
    setDraft([p, p]);
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (!dragging.current) return;
    const p = at(event);
    setDraft((d) => (d[0] ? [d[0], p] : d));
  };
  const onPointerUp = (event: PointerEvent<SVGSVGElement>) => {
    if (!dragging.current) return;
    dragging.current = false;
    const first = draft[0];
    if (first) finish([first, at(event)]);
  };

  const draftGeometry =
    marking && draft.length > 0
      ? { space: 'flat' as const, shape: marking === 'polygon' && draft.length < 3 ? ('point' as const) : marking, points: draft }
      : null;
  return (
    <svg
      ref={svgRef}
      width={size.width}
      height={size.height}
      viewBox={`0 0 ${size.width} ${size.height}`}
      role="group"
      aria-label={t('mark.layer')}
      data-testid="finding-overlay"
      data-marking={marking ?? undefined}
      style={{ display: 'block', cursor: marking ? 'crosshair' : undefined, pointerEvents: marking ? 'all' : 'none' }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onDoubleClick={(event) => {
        event.stopPropagation();
        if (marking === 'polygon') finish(draft.slice(0, -1).length >= 3 ? draft.slice(0, -1) : draft);
      }}
    >
      {others?.findings.map((f) => (
        <FindingShape
          key={`other-${f.observation_id}`}
          finding={f}
          title={t('mark.otherYearLabel', {
            year: others.year,
            type: labels.type(f.type),
            severity: f.severity,
            label: labels.severity(f.severity),
          })}
          size={size}
          marking={marking !== null}
          onOpen={onOpen}
          dashed
        />
      ))}
      {findings.map((f) => (
        <FindingShape
          key={f.observation_id}
          finding={f}
          title={t('mark.overlayLabel', { type: labels.type(f.type), severity: f.severity, label: labels.severity(f.severity) })}
          size={size}
          marking={marking !== null}
          onOpen={onOpen}
        />
      ))}
      {draftGeometry && (
        <g data-testid="finding-draft" style={{ pointerEvents: 'none' }}>
          {marking === 'polygon' && draft.length >= 2 && draft.length < 3 ? (
            <polyline
              points={draft.map(([x, y]) => `${x * size.width},${y * size.height}`).join(' ')}
              stroke="white"
              fill="none"
              strokeWidth={1 / size.zoom}
              strokeDasharray={`${4 / size.zoom} ${3 / size.zoom}`}
            />
          ) : (
            <ShapeOf geometry={draftGeometry as FlatGeometry} size={size} color="white" zoom={size.zoom} />
          )}
        </g>
      )}
    </svg>
  );
}
