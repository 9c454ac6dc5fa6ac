/** Whether the toast renderer is needed yet. The public site never shows a toast, so its renderer (with Mantine's
 *  notifications and transitions) loads only when a screen that may show one opens, or when the first toast comes. */
let wanted = false;
const listeners = new Set<() => void>();

export const toastDemand = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  wanted: (): boolean => wanted,
  want(): void {
    if (wanted) return;
    wanted = true;
    for (const listener of listeners) listener();
  },
};
