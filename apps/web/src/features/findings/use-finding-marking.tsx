import type { Geometry, Photo, PhotoFinding } from '@windscope/contract';
import { type ReactNode, useState } from 'react';
import { usePhotoFindings } from '../../api/findings.ts';
import { useCan } from '../auth/use-auth.ts';
import { FindingDrawer } from './finding-drawer.tsx';
import { FindingForm } from './finding-form.tsx';

export interface FindingMarking {
  /** the contract's can('finding.create'): the mark tool is offered only then */
  mayCreate: boolean;
  /** the findings drawn on this photo (overlays, markers) */
  findings: PhotoFinding[];
  /** a shape was drawn: the form opens for it */
  onDrawn: (geometry: Geometry) => void;
  /** opens the finding drawer */
  onOpen: (findingId: number) => void;
  /** the form and the finding drawer */
  dialogs: ReactNode;
}

/** What flat-photo and 360° viewers share when marking findings (DECISIONS §12): who may mark, the findings of the
 *  photo, the new-finding form for a drawn geometry (blade/room/year from the photo) and the finding drawer. Each viewer
 *  draws and collects the geometry its own way (flat: use-flat-marking.tsx, sphere: panorama-stage.tsx). */
export function useFindingMarking(turbineId: number, photo: Photo): FindingMarking {
  const mayCreate = useCan('finding.create');
  const findings = usePhotoFindings(turbineId, photo.id);
  const [drawn, setDrawn] = useState<Geometry | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  return {
    mayCreate,
    findings: findings.data ?? [],
    onDrawn: setDrawn,
    onOpen: setOpenId,
    dialogs: (
      <>
        <FindingForm
          key={drawn ? JSON.stringify(drawn.points) : 'none'}
          turbineId={turbineId}
          photo={photo}
          geometry={drawn}
          onClose={() => setDrawn(null)}
        />
        <FindingDrawer turbineId={turbineId} findingId={openId} onClose={() => setOpenId(null)} onOpen={setOpenId} />
      </>
    ),
  };
}
