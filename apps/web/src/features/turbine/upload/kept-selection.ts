import type { Blade, PhotoCategory } from '@windscope/contract';
import { useState } from 'react';
import { useCurrentUser } from '../../auth/use-auth.ts';
import type { UploadTarget } from './use-photo-upload.ts';

/** Photos chosen in an upload zone when the session ended, kept in this tab's memory (File objects cannot be stored
 *  anywhere else without copying the photos) while the user signs in again: the sign-in page brings them back to the
 *  same turbine page, where the zone picks its photos up, with the room, year and blade they were chosen for. A full
 *  page load loses them; another user signing in never gets them. */
interface KeptSelection {
  userId: number;
  target: UploadTarget;
  files: File[];
}

const kept = new Map<string, KeptSelection>();

/** One zone of one turbine: a blade's zone or a category's (room, year and blade are its settings, not its identity). */
export function zoneKey(turbineId: number, zone: { kind: 'blade'; blade: Blade } | { kind: 'category'; category: PhotoCategory }): string {
  return zone.kind === 'blade' ? `${turbineId}/blade/${zone.blade}` : `${turbineId}/category/${zone.category}`;
}

export function keepSelection(zone: string, userId: number, target: UploadTarget, files: readonly File[]): void {
  if (files.length === 0) kept.delete(zone);
  else kept.set(zone, { userId, target, files: [...files] });
}

/** The zone's kept settings, left in place (the zone takes the files when it mounts). */
export function keptTarget(zone: string, userId: number | undefined): UploadTarget | null {
  const selection = kept.get(zone);
  return selection && selection.userId === userId ? selection.target : null;
}

/** The zone's kept files, once; another user's are dropped. */
export function takeKeptFiles(zone: string, userId: number | undefined): File[] {
  const selection = kept.get(zone);
  kept.delete(zone);
  return selection && selection.userId === userId ? selection.files : [];
}

/** The settings kept with the first of these zones that has photos waiting, read once when the panel mounts (its room,
 *  year and blade start there, so that the photos go where they were meant to). */
export function useKeptTarget(zones: readonly string[]): UploadTarget | null {
  const userId = useCurrentUser()?.id;
  const [target] = useState(() => zones.map((zone) => keptTarget(zone, userId)).find((kept) => kept !== null) ?? null);
  return target;
}
