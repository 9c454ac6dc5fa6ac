import { ANNOTATION_DEFAULTS, ANNOTATION_HIT_TOLERANCE } from '@windscope/contract';

/** Annotation mode (spec §2, §3): drawn over the current view, local only, never saved. Coordinates are CSS pixels of the
 *  drawing layer. */
export const ANNOTATION_TOOLS = ['pen', 'circle', 'rectangle', 'text'] as const;
export type AnnotationTool = (typeof ANNOTATION_TOOLS)[number];

export interface Point {
  x: number;
  y: number;
}

interface AnnotationBase {
  id: string;
  color: string;
  strokeWidth: number;
}
export type PenAnnotation = AnnotationBase & { tool: 'pen'; path: Point[] };
export type CircleAnnotation = AnnotationBase & { tool: 'circle'; center: Point; radius: number };
export type RectangleAnnotation = AnnotationBase & { tool: 'rectangle'; position: Point; size: { width: number; height: number } };
export type TextAnnotation = AnnotationBase & { tool: 'text'; text: string; position: Point; fontSize: number };
export type Annotation = PenAnnotation | CircleAnnotation | RectangleAnnotation | TextAnnotation;

/** The spec names no tolerance for pen strokes; they use the rectangle's edge tolerance. */
export const PEN_HIT_TOLERANCE = ANNOTATION_HIT_TOLERANCE.rectangle;
/** A click without a drag draws nothing. */
const MIN_SHAPE_SIZE = 2;

const style = () => ({ color: ANNOTATION_DEFAULTS.color, strokeWidth: ANNOTATION_DEFAULTS.strokeWidth });

export function startPen(id: string, at: Point): PenAnnotation {
  return { id, tool: 'pen', ...style(), path: [at] };
}

export function extendPen(pen: PenAnnotation, to: Point): PenAnnotation {
  return { ...pen, path: [...pen.path, to] };
}

/** A circle (centre where the drag started, radius to where it is) or a rectangle (the dragged box, any direction). */
export function shapeFromDrag(
  tool: 'circle' | 'rectangle',
  id: string,
  from: Point,
  to: Point,
): CircleAnnotation | RectangleAnnotation | null {
  if (tool === 'circle') {
    const radius = Math.hypot(to.x - from.x, to.y - from.y);
    return radius < MIN_SHAPE_SIZE ? null : { id, tool, ...style(), center: from, radius };
  }
  const width = Math.abs(to.x - from.x);
  const height = Math.abs(to.y - from.y);
  if (width < MIN_SHAPE_SIZE && height < MIN_SHAPE_SIZE) return null;
  return { id, tool, ...style(), position: { x: Math.min(from.x, to.x), y: Math.min(from.y, to.y) }, size: { width, height } };
}

/** Spec §2: empty trimmed text is not added. `position` is the top-left corner of the text. */
export function createText(id: string, text: string, position: Point): TextAnnotation | null {
  const trimmed = text.trim();
  return trimmed ? { id, tool: 'text', ...style(), text: trimmed, position, fontSize: ANNOTATION_DEFAULTS.textSize } : null;
}

/** Delete or Backspace: the last annotation goes (spec §2). */
export function undoLast(annotations: readonly Annotation[]): Annotation[] {
  return annotations.slice(0, -1);
}

/** Removes the selected annotation, or the last one when none is selected. */
export function removeSelectedOrLast(annotations: readonly Annotation[], selectedId: string | null): Annotation[] {
  if (selectedId && annotations.some((a) => a.id === selectedId)) return annotations.filter((a) => a.id !== selectedId);
  return undoLast(annotations);
}

function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

function distanceToBox(p: Point, left: number, top: number, width: number, height: number): number {
  const dx = Math.max(left - p.x, 0, p.x - (left + width));
  const dy = Math.max(top - p.y, 0, p.y - (top + height));
  return Math.hypot(dx, dy);
}

/** Roughly how wide a text is drawn when the canvas cannot measure it (tests, first paint). */
export function estimateTextWidth(text: string, fontSize: number): number {
  return text.length * fontSize * 0.6;
}

/** Whether a click at `p` hits the annotation (spec §2): within 30 px of a text, 15 px of a circle's edge,
 *  10 px of a rectangle's edge (and of a pen stroke). `textWidth` is the drawn width of a text, when measured. */
export function hitTest(annotation: Annotation, p: Point, textWidth?: number): boolean {
  switch (annotation.tool) {
    case 'text': {
      const width = textWidth ?? estimateTextWidth(annotation.text, annotation.fontSize);
      const { x, y } = annotation.position;
      return distanceToBox(p, x, y, width, annotation.fontSize) <= ANNOTATION_HIT_TOLERANCE.text;
    }
    case 'circle':
      return (
        Math.abs(Math.hypot(p.x - annotation.center.x, p.y - annotation.center.y) - annotation.radius) <= ANNOTATION_HIT_TOLERANCE.circle
      );
    case 'rectangle': {
      const { x, y } = annotation.position;
      const { width, height } = annotation.size;
      const corners = [
        { x, y },
        { x: x + width, y },
        { x: x + width, y: y + height },
        { x, y: y + height },
      ] as const;
      const edge = Math.min(...corners.map((corner, i) => distanceToSegment(p, corner, corners[(i + 1) % 4] ?? corner)));
      return edge <= ANNOTATION_HIT_TOLERANCE.rectangle;
    }
    case 'pen': {
      const [first, ...rest] = annotation.path;
      if (!first) return false;
      if (rest.length === 0) return Math.hypot(p.x - first.x, p.y - first.y) <= PEN_HIT_TOLERANCE;
      let previous = first;
      for (const point of rest) {
        if (distanceToSegment(p, previous, point) <= PEN_HIT_TOLERANCE) return true;
        previous = point;
      }
      return false;
    }
  }
}

/** The topmost (last drawn) annotation under the click, if any. */
export function findHit(annotations: readonly Annotation[], p: Point, measure?: (a: TextAnnotation) => number): Annotation | null {
  for (let i = annotations.length - 1; i >= 0; i -= 1) {
    const annotation = annotations[i];
    if (annotation && hitTest(annotation, p, annotation.tool === 'text' ? measure?.(annotation) : undefined)) return annotation;
  }
  return null;
}
