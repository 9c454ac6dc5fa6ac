import { Loader, Stack } from '@mantine/core';
import type { Photo } from '@windscope/contract';
import { lazy, Suspense } from 'react';

/** three.js and the reader stay out of every page until a .pcd is opened (never on the home page budget). */
const PointCloudView = lazy(() => import('../point-cloud/point-cloud-view.tsx'));

/** A .pcd point cloud where a picture would be (DECISIONS §16): the turbine page's viewer, the 360° viewer, the
 *  drone/operator/robot pages and the year compare. Give it `key={photo.id}`. */
export function PointCloudPreview({ photo, height = '100%' }: { photo: Photo; height?: string }) {
  return (
    <Suspense
      fallback={
        <Stack align="center" justify="center" mih={240} h={height} w="100%">
          <Loader color="gray" type="dots" />
        </Stack>
      }
    >
      <PointCloudView photo={photo} height={height} />
    </Suspense>
  );
}
