import type { Photo } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { PhotoZoom } from '../../deep-zoom/photo-zoom.tsx';
import { useFlatMarking } from '../../findings/use-flat-marking.tsx';
import { isPointCloudPhoto } from '../../viewer-common/point-cloud.ts';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { PhotoFrame } from './photo-frame.tsx';
import classes from './viewer.module.css';

const HEIGHT = 'calc(100dvh - 200px)';

/** The picture in the turbine page's viewer. A drone, operator or robot photo (a flat picture) is shown on the one
 *  deep-zoom surface (DECISIONS §16) with the "mark finding" tool and overlays (useFlatMarking, §12), as on the category
 *  pages; a blade panorama or a point cloud keeps the plain frame (panorama findings are marked in the 360° viewer). */
export function ViewerPicture({ turbineId, photo }: { turbineId: number; photo: Photo }) {
  if (!isFlatPhoto(photo)) return <PhotoFrame photo={photo} maxHeight={HEIGHT} />;
  return <MarkablePicture turbineId={turbineId} photo={photo} />;
}

/** A drone, operator or robot photo: a flat picture, for the deep-zoom surface (not a blade panorama, not a point cloud). */
export function isFlatPhoto(photo: Photo): boolean {
  return photo.category !== null && !isPointCloudPhoto(photo);
}

function MarkablePicture({ turbineId, photo }: { turbineId: number; photo: Photo }) {
  const { t } = useTranslation(TURBINE_NS);
  const findings = useFlatMarking(turbineId, photo);
  return (
    <div className={classes.markable}>
      {findings.toolbar && <div className={classes.markTools}>{findings.toolbar}</div>}
      <div className={classes.zoomBox}>
        <PhotoZoom
          key={photo.id}
          photo={photo}
          alt={t('viewer.imageAlt', { name: photo.originalName })}
          testId="viewer-zoom"
          overlay={findings.overlay}
          panLocked={findings.marking}
        />
      </div>
      {findings.dialogs}
    </div>
  );
}
