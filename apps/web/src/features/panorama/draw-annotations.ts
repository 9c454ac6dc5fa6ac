import type { Annotation, TextAnnotation } from './annotations.ts';

export const ANNOTATION_FONT_FAMILY = 'Inter, "Segoe UI", system-ui, sans-serif';
const fontOf = (a: TextAnnotation) => `600 ${a.fontSize}px ${ANNOTATION_FONT_FAMILY}`;

export function measureText(ctx: CanvasRenderingContext2D, annotation: TextAnnotation): number {
  ctx.font = fontOf(annotation);
  return ctx.measureText(annotation.text).width;
}

function trace(ctx: CanvasRenderingContext2D, annotation: Annotation) {
  ctx.beginPath();
  switch (annotation.tool) {
    case 'pen': {
      const [first, ...rest] = annotation.path;
      if (!first) return;
      ctx.moveTo(first.x, first.y);
      if (rest.length === 0) ctx.lineTo(first.x + 0.1, first.y);
      for (const point of rest) ctx.lineTo(point.x, point.y);
      break;
    }
    case 'circle':
      ctx.arc(annotation.center.x, annotation.center.y, annotation.radius, 0, Math.PI * 2);
      break;
    case 'rectangle':
      ctx.rect(annotation.position.x, annotation.position.y, annotation.size.width, annotation.size.height);
      break;
    case 'text':
      break;
  }
}

function drawOne(ctx: CanvasRenderingContext2D, annotation: Annotation, selected: boolean) {
  ctx.save();
  ctx.strokeStyle = annotation.color;
  ctx.fillStyle = annotation.color;
  ctx.lineWidth = annotation.strokeWidth;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  // a thin dark halo keeps red readable on bright and dark panoramas alike
  ctx.shadowColor = 'rgba(0, 0, 0, 0.55)';
  ctx.shadowBlur = 2;
  if (annotation.tool === 'text') {
    ctx.font = fontOf(annotation);
    ctx.textBaseline = 'top';
    ctx.fillText(annotation.text, annotation.position.x, annotation.position.y);
  } else {
    trace(ctx, annotation);
    ctx.stroke();
  }
  if (selected) {
    ctx.shadowBlur = 0;
    ctx.setLineDash([6, 4]);
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = '#ffffff';
    if (annotation.tool === 'text') {
      const width = measureText(ctx, annotation);
      ctx.strokeRect(annotation.position.x - 4, annotation.position.y - 4, width + 8, annotation.fontSize + 8);
    } else {
      trace(ctx, annotation);
      ctx.stroke();
    }
  }
  ctx.restore();
}

/** Redraws every annotation (and the one being drawn) on a canvas whose context is scaled to CSS pixels. */
export function drawAnnotations(
  ctx: CanvasRenderingContext2D,
  size: { width: number; height: number },
  annotations: readonly Annotation[],
  selectedId: string | null,
  draft: Annotation | null,
) {
  ctx.clearRect(0, 0, size.width, size.height);
  for (const annotation of annotations) drawOne(ctx, annotation, annotation.id === selectedId);
  if (draft) drawOne(ctx, draft, false);
}
