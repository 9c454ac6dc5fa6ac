import { Loader } from '@mantine/core';
import type { Photo } from '@windscope/contract';
import { useState } from 'react';
import { isPointCloudPhoto, viewableUrl } from '../../viewer-common/point-cloud.ts';
import { PointCloudPreview } from '../../viewer-common/point-cloud-preview.tsx';
import classes from './viewer.module.css';

/** A photo at viewer size (the ~1600 px preview); a .pcd point cloud in its 3D preview (DECISIONS §16). */
export function PhotoFrame({ photo, maxHeight }: { photo: Photo; maxHeight: string }) {
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  if (isPointCloudPhoto(photo)) return <PointCloudPreview key={photo.id} photo={photo} height={maxHeight} />;
  const src = viewableUrl(photo);
  return (
    <div className={classes.frame} style={{ height: maxHeight }}>
      {loadedSrc !== src && <Loader className={classes.frameLoader} color="gray" type="dots" />}
      <img
        key={src}
        src={src}
        alt={photo.originalName}
        className={classes.image}
        data-loaded={loadedSrc === src || undefined}
        onLoad={() => setLoadedSrc(src)}
        onError={() => setLoadedSrc(src)}
        data-testid="viewer-image"
      />
    </div>
  );
}
