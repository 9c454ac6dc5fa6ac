import { type PointerEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Annotation,
  type AnnotationTool,
  createText,
  extendPen,
  findHit,
  type Point,
  shapeFromDrag,
  startPen,
} from './annotations.ts';
import { drawAnnotations, measureText } from './draw-annotations.ts';
import classes from './panorama-page.module.css';

export type LayerTool = AnnotationTool | 'select';

export interface AnnotationLayerProps {
  tool: LayerTool;
  annotations: readonly Annotation[];
  onAdd: (annotation: Annotation) => void;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}

let sequence = 0;
const nextId = () => {
  sequence += 1;
  return `annotation-${sequence}`;
};

/** The drawing layer over the viewer in annotation mode: it takes the pointer, so the panorama holds still meanwhile. */
export function AnnotationLayer({ tool, annotations, onAdd, selectedId, onSelect }: AnnotationLayerProps) {
  const { t } = useTranslation('panorama');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [draft, setDraft] = useState<Annotation | null>(null);
  const dragStart = useRef<Point | null>(null);
  const [textAt, setTextAt] = useState<Point | null>(null);
  const [text, setText] = useState('');

  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || size.width === 0) return;
    const ratio = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(size.width * ratio)) canvas.width = Math.round(size.width * ratio);
    if (canvas.height !== Math.round(size.height * ratio)) canvas.height = Math.round(size.height * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawAnnotations(ctx, size, annotations, selectedId, draft);
  }, [annotations, selectedId, draft, size]);

  const pointOf = (event: PointerEvent): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const commitText = () => {
    if (textAt) {
      const annotation = createText(nextId(), text, textAt);
      if (annotation) onAdd(annotation);
    }
    setTextAt(null);
    setText('');
  };

  return (
    <div className={classes.annotationLayer} data-tool={tool}>
      <canvas
        ref={canvasRef}
        className={classes.annotationCanvas}
        data-testid="annotation-canvas"
        data-count={annotations.length}
        onPointerDown={(event) => {
          if (event.button !== 0) return;
          const at = pointOf(event);
          if (tool === 'select') {
            const ctx = canvasRef.current?.getContext('2d');
            onSelect(findHit(annotations, at, ctx ? (a) => measureText(ctx, a) : undefined)?.id ?? null);
            return;
          }
          if (tool === 'text') return; // opened on click, after the press has moved the focus
          event.currentTarget.setPointerCapture(event.pointerId);
          dragStart.current = at;
          setDraft(tool === 'pen' ? startPen(nextId(), at) : null);
        }}
        onPointerMove={(event) => {
          const start = dragStart.current;
          if (!start) return;
          const at = pointOf(event);
          if (tool === 'pen') setDraft((current) => (current?.tool === 'pen' ? extendPen(current, at) : current));
          else if (tool === 'circle' || tool === 'rectangle') setDraft(shapeFromDrag(tool, 'draft', start, at));
        }}
        onPointerUp={(event) => {
          const start = dragStart.current;
          dragStart.current = null;
          if (!start) return;
          const at = pointOf(event);
          if (tool === 'pen' && draft?.tool === 'pen') onAdd(extendPen(draft, at));
          else if (tool === 'circle' || tool === 'rectangle') {
            const shape = shapeFromDrag(tool, nextId(), start, at);
            if (shape) onAdd(shape);
          }
          setDraft(null);
        }}
        onClick={(event) => {
          if (tool !== 'text') return;
          const box = event.currentTarget.getBoundingClientRect();
          // a click elsewhere while typing adds what was typed; the next click places a new text
          if (textAt) commitText();
          else setTextAt({ x: event.clientX - box.left, y: event.clientY - box.top });
        }}
        onPointerCancel={() => {
          dragStart.current = null;
          setDraft(null);
        }}
      />
      {textAt && (
        <input
          // biome-ignore lint/a11y/noAutofocus: the text tool was just clicked here; typing is the next step
          autoFocus
          className={classes.textInput}
          style={{ left: textAt.x, top: textAt.y }}
          value={text}
          aria-label={t('textLabel')}
          placeholder={t('textPlaceholder')}
          data-testid="annotation-text-input"
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            event.stopPropagation();
            if (event.key === 'Enter') commitText();
            if (event.key === 'Escape') {
              setTextAt(null);
              setText('');
            }
          }}
          onBlur={commitText}
        />
      )}
    </div>
  );
}
