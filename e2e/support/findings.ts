import { apiData, type Session } from './viewer-data.ts';

/** Findings made through the API for the specs (DECISIONS §12): one rectangle on a flat photo, then status moves by
 *  someone who may make them (a reviewer other than the author). */

export interface MarkedFinding {
  id: number;
  version: number;
}

/** Records a finding seen on a flat photo inside the box [x0, y0, x1, y1] (0..1 of the photo). */
export function markFinding(
  author: Session,
  turbineId: number,
  photoId: number | undefined,
  box: [number, number, number, number],
  fields: { blade: string; surface: string; type: string; severity: number; distance_from_root_m?: number; length_mm?: number },
): Promise<MarkedFinding> {
  const [x0, y0, x1, y1] = box;
  return apiData<MarkedFinding>(author, 'POST', `/turbines/${turbineId}/findings`, {
    ...fields,
    observation: {
      photo_id: photoId,
      geometry: {
        space: 'flat',
        shape: 'rectangle',
        points: [
          [x0, y0],
          [x1, y1],
        ],
      },
    },
  });
}

/** Moves a finding through the statuses given, in order (e.g. confirmed, then repair_planned with a due date). */
export async function moveFinding(
  reviewer: Session,
  turbineId: number,
  finding: MarkedFinding,
  ...steps: (string | { to: string; due_date?: string })[]
): Promise<MarkedFinding> {
  let current = finding;
  for (const step of steps) {
    const body = typeof step === 'string' ? { to: step } : step;
    const moved = await apiData<{ version: number }>(reviewer, 'POST', `/turbines/${turbineId}/findings/${finding.id}/status`, {
      ...body,
      version: current.version,
    });
    current = { id: finding.id, version: moved.version };
  }
  return current;
}
