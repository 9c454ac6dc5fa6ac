import { createElement, useEffect, useRef } from 'react';

/** "Escape closes the topmost dialog" (spec §2): open dialogs of this page register here in opening order; one
 *  window listener closes only the last one. Registered at module load, before any Mantine modal's own listener,
 *  so that a nested modal's Escape never also closes the one beneath it.
 *  A dialog of another feature (say, a confirmation inside the comments panel) is left to its own handling: when the
 *  key comes from inside a dialog without the LAYER_MARKER attribute, this listener stands aside. */
export const LAYER_MARKER = 'data-escape-layer';
interface Layer {
  id: number;
  close: () => void;
}

const layers: Layer[] = [];
let nextId = 0;
let installed = false;

export function handleEscape(event: KeyboardEvent): boolean {
  if (event.key !== 'Escape' || event.isComposing || layers.length === 0) return false;
  // an open select or menu inside the dialog closes first (Mantine marks its target this way)
  const target = event.target instanceof Element ? event.target : null;
  if (target?.getAttribute('data-mantine-stop-propagation') === 'true') return false;
  const dialog = target?.closest('[role="dialog"]');
  if (dialog && !dialog.querySelector(`[${LAYER_MARKER}]`)) return false;
  const top = layers[layers.length - 1];
  event.stopImmediatePropagation();
  event.preventDefault();
  top?.close();
  return true;
}

function install() {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('keydown', handleEscape, { capture: true });
}
install();

export function openLayers(): number {
  return layers.length;
}

/** While `opened`, the dialog is a layer; Escape calls its latest `onClose` only when it is the topmost one. */
export function useEscapeLayer(opened: boolean, onClose: () => void) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!opened) return;
    install();
    const layer: Layer = { id: ++nextId, close: () => close.current() };
    layers.push(layer);
    return () => {
      const at = layers.findIndex((l) => l.id === layer.id);
      if (at !== -1) layers.splice(at, 1);
    };
  }, [opened]);
}

/** Put inside a dialog that registers a layer (for example as the children of ui/ConfirmDialog), so that Escape pressed
 *  inside it is handled here. */
export function EscapeLayerMarker() {
  return createElement('span', { [LAYER_MARKER]: '', hidden: true });
}
