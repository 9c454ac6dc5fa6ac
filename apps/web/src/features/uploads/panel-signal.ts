/** The upload manager's panel is asked to open (from a turbine's upload zone); the dock listens. Tiny on purpose. */
const listeners = new Set<() => void>();
let wanted = false;

export function openUploadPanel(): void {
  wanted = true;
  for (const listener of listeners) listener();
}

/** The dock's subscription; a request made before the dock loaded is delivered at once. */
export function onOpenUploadPanel(listener: () => void): () => void {
  listeners.add(listener);
  if (wanted) {
    wanted = false;
    listener();
  }
  return () => listeners.delete(listener);
}

export function takeOpenRequest(): void {
  wanted = false;
}
