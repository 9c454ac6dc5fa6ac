import { ANNOTATION_DEFAULTS } from '@windscope/contract';
import { describe, expect, it } from 'vitest';
import {
  type Annotation,
  createText,
  extendPen,
  findHit,
  hitTest,
  removeSelectedOrLast,
  shapeFromDrag,
  startPen,
  undoLast,
} from './annotations.ts';

const circle = shapeFromDrag('circle', 'c', { x: 200, y: 200 }, { x: 250, y: 200 }) as Annotation; // radius 50
const rectangle = shapeFromDrag('rectangle', 'r', { x: 300, y: 200 }, { x: 100, y: 100 }) as Annotation; // 100,100 200x100
const text = createText('t', 'Çatlak', { x: 100, y: 100 }) as Annotation;

describe('drawing', () => {
  it('uses the spec defaults: red, stroke 3, text 16', () => {
    expect(circle).toMatchObject({ color: 'red', strokeWidth: 3 });
    expect(text).toMatchObject({ color: 'red', fontSize: ANNOTATION_DEFAULTS.textSize });
  });

  it('builds a rectangle from a drag in any direction and a circle from centre and edge', () => {
    expect(rectangle).toMatchObject({ position: { x: 100, y: 100 }, size: { width: 200, height: 100 } });
    expect(circle).toMatchObject({ center: { x: 200, y: 200 }, radius: 50 });
  });

  it('draws nothing for a click without a drag', () => {
    expect(shapeFromDrag('circle', 'x', { x: 5, y: 5 }, { x: 6, y: 5 })).toBeNull();
    expect(shapeFromDrag('rectangle', 'x', { x: 5, y: 5 }, { x: 6, y: 6 })).toBeNull();
  });

  it('does not add empty trimmed text, and trims what it adds', () => {
    expect(createText('x', '   \n\t ', { x: 0, y: 0 })).toBeNull();
    expect(createText('x', '', { x: 0, y: 0 })).toBeNull();
    expect(createText('x', '  kir  ', { x: 0, y: 0 })).toMatchObject({ text: 'kir' });
  });

  it('extends a pen stroke point by point', () => {
    const pen = extendPen(extendPen(startPen('p', { x: 0, y: 0 }), { x: 10, y: 0 }), { x: 20, y: 5 });
    expect(pen.path).toHaveLength(3);
  });
});

describe('undo (Delete / Backspace)', () => {
  const list = [circle, rectangle, text];
  it('removes the last annotation only', () => {
    expect(undoLast(list).map((a) => a.id)).toEqual(['c', 'r']);
    expect(undoLast(undoLast(undoLast(list)))).toEqual([]);
    expect(undoLast([])).toEqual([]);
  });
  it('removes the selected annotation instead, when one is selected', () => {
    expect(removeSelectedOrLast(list, 'c').map((a) => a.id)).toEqual(['r', 't']);
    expect(removeSelectedOrLast(list, 'gone').map((a) => a.id)).toEqual(['c', 'r']);
  });
  it('leaves the given list untouched', () => {
    undoLast(list);
    expect(list).toHaveLength(3);
  });
});

describe('hit tolerance (spec §2)', () => {
  it('text: within 30 px of the text box', () => {
    // box: x 100..160 (measured width 60), y 100..116
    expect(hitTest(text, { x: 130, y: 108 }, 60)).toBe(true);
    expect(hitTest(text, { x: 70, y: 108 }, 60)).toBe(true); // 30 px left
    expect(hitTest(text, { x: 69, y: 108 }, 60)).toBe(false); // 31 px left
    expect(hitTest(text, { x: 130, y: 146 }, 60)).toBe(true); // 30 px below
    expect(hitTest(text, { x: 130, y: 147 }, 60)).toBe(false);
  });

  it('circle: within 15 px of the edge, not the middle', () => {
    expect(hitTest(circle, { x: 265, y: 200 })).toBe(true); // 15 outside
    expect(hitTest(circle, { x: 266, y: 200 })).toBe(false); // 16 outside
    expect(hitTest(circle, { x: 235, y: 200 })).toBe(true); // 15 inside
    expect(hitTest(circle, { x: 234, y: 200 })).toBe(false); // 16 inside
    expect(hitTest(circle, { x: 200, y: 200 })).toBe(false);
  });

  it('rectangle: within 10 px of an edge, not the middle', () => {
    expect(hitTest(rectangle, { x: 90, y: 150 })).toBe(true); // 10 left of the left edge
    expect(hitTest(rectangle, { x: 89, y: 150 })).toBe(false);
    expect(hitTest(rectangle, { x: 200, y: 110 })).toBe(true); // 10 inside the top edge
    expect(hitTest(rectangle, { x: 200, y: 111 })).toBe(false);
    expect(hitTest(rectangle, { x: 200, y: 150 })).toBe(false); // the middle
    expect(hitTest(rectangle, { x: 307, y: 207 })).toBe(true); // near the bottom-right corner, diagonal ~9.9
    expect(hitTest(rectangle, { x: 308, y: 208 })).toBe(false); // ~11.3
  });

  it('pen: within 10 px of the stroke', () => {
    const pen = extendPen(startPen('p', { x: 0, y: 0 }), { x: 100, y: 0 });
    expect(hitTest(pen, { x: 50, y: 10 })).toBe(true);
    expect(hitTest(pen, { x: 50, y: 11 })).toBe(false);
  });

  it('findHit returns the topmost annotation under the point', () => {
    const under = shapeFromDrag('rectangle', 'under', { x: 60, y: 100 }, { x: 140, y: 200 }) as Annotation;
    const over = shapeFromDrag('rectangle', 'over', { x: 60, y: 100 }, { x: 160, y: 300 }) as Annotation;
    expect(findHit([under, over], { x: 60, y: 150 })?.id).toBe('over');
    expect(findHit([under, over], { x: 400, y: 400 })).toBeNull();
  });
});
