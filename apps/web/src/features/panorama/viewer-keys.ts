export { isTypingTarget } from '../viewer-common/typing-target.ts';

export type ViewerKeyAction = 'previous' | 'next' | 'fullscreen' | 'undo' | null;

/** Spec §2: ← and → navigate, F11 or f toggles full screen, Delete or Backspace undoes the last annotation. */
export function viewerKeyAction(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>,
  annotating: boolean,
): ViewerKeyAction {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  switch (event.key) {
    case 'ArrowLeft':
      return 'previous';
    case 'ArrowRight':
      return 'next';
    case 'F11':
    case 'f':
    case 'F':
      return 'fullscreen';
    case 'Delete':
    case 'Backspace':
      return annotating ? 'undo' : null;
    default:
      return null;
  }
}
