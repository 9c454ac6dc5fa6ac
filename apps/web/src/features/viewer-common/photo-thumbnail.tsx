import type { Photo } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { ThumbnailImage } from '../../ui/thumbnail-image.tsx';
import './register-viewer-catalog.ts';
import { isPointCloudPhoto } from './point-cloud.ts';
import classes from './point-cloud.module.css';
import { CubeIcon } from './viewer-icons.tsx';

export interface PhotoThumbnailProps {
  photo: Pick<Photo, 'mime_type' | 'originalName' | 'urls'>;
  className?: string;
  testId?: string;
  iconSize?: number;
}

/** A photo's thumbnail in every list and grid: a point cloud gets its icon (there is no picture to load), a photo
 *  without a thumbnail URL the "no preview" placeholder. */
export function PhotoThumbnail({ photo, className, testId, iconSize = 28 }: PhotoThumbnailProps) {
  const { t } = useTranslation('viewer');
  if (isPointCloudPhoto(photo)) {
    return (
      <span className={`${className ?? ''} ${classes.icon}`} role="img" aria-label={t('pcdLabel')} data-testid="pcd-thumbnail">
        <CubeIcon size={iconSize} />
        {t('pcdShort')}
      </span>
    );
  }
  return <ThumbnailImage src={photo.urls.thumbnail} className={className} testId={testId} />;
}
