import { describe, expect, it } from 'vitest';
import { isTypingTarget, viewerKeyAction } from './viewer-keys.ts';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('viewer keys (spec §2)', () => {
  it('navigates with the arrows and toggles full screen with F11 or f', () => {
    expect(viewerKeyAction(key('ArrowLeft'), false)).toBe('previous');
    expect(viewerKeyAction(key('ArrowRight'), false)).toBe('next');
    expect(viewerKeyAction(key('f'), false)).toBe('fullscreen');
    expect(viewerKeyAction(key('F'), false)).toBe('fullscreen');
    expect(viewerKeyAction(key('F11'), false)).toBe('fullscreen');
  });
  it('undoes with Delete or Backspace only in annotation mode', () => {
    expect(viewerKeyAction(key('Delete'), true)).toBe('undo');
    expect(viewerKeyAction(key('Backspace'), true)).toBe('undo');
    expect(viewerKeyAction(key('Backspace'), false)).toBeNull();
  });
  it('leaves shortcuts with modifiers to the browser', () => {
    expect(viewerKeyAction(key('f', { ctrlKey: true }), false)).toBeNull();
    expect(viewerKeyAction(key('ArrowLeft', { altKey: true }), false)).toBeNull();
  });
  it('ignores keys typed into fields', () => {
    expect(isTypingTarget(document.createElement('input'))).toBe(true);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
