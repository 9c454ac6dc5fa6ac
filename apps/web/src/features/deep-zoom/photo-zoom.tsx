import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { isPointCloudPhoto } from '../viewer-common/point-cloud.ts';
import { PointCloudPreview } from '../viewer-common/point-cloud-preview.tsx';
import type { DeepZoomImageProps } from './deep-zoom-image.tsx';
import classes from './deep-zoom.module.css';

/** OpenSeadragon's chunk, loaded when a flat photo is first shown (DECISIONS §16: never on the first page's budget) */
const DeepZoomImage = lazy(() => import('./deep-zoom-image.tsx'));

/** Every flat photo of the app on the one deep-zoom surface: the turbine page's viewer, the drone/operator/robot pages,
 *  their compare and the year compare. A .pcd point cloud has no picture to zoom: its own 3D preview instead. Give it
 *  `key={photo.id}`: a new photo starts fitted. */
export function PhotoZoom(props: DeepZoomImageProps) {
  if (isPointCloudPhoto(props.photo)) return <PointCloudPreview key={props.photo.id} photo={props.photo} />;
  return (
    <Suspense
      fallback={
        <div className={classes.root}>
          <Loader className={classes.loader} color="gray" type="dots" />
        </div>
      }
    >
      <DeepZoomImage {...props} />
    </Suspense>
  );
}
