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
  /** inside a control whose own name says what it opens (the gallery tile's "Open X.pcd"): the picture is hidden from
   *  assistive technology, so the control's name is all it reads (axe label-content-name-mismatch) */
  decorative?: boolean;
}

/** A photo's thumbnail in every list and grid. A point cloud shows the server's top-down picture of it with a ".pcd"
 *  badge, or its icon when the server has none (an older or unreadable cloud); a photo without a thumbnail URL the
 *  "no preview" placeholder. */
export function PhotoThumbnail({ photo, className, testId, iconSize = 28, decorative = false }: PhotoThumbnailProps) {
  const { t } = useTranslation('viewer');
  const named = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': t('pcdLabel') };
  if (isPointCloudPhoto(photo)) {
    if (photo.urls.thumbnail) {
      return (
        <span className={`${className ?? ''} ${classes.pictured}`} {...named} data-testid="pcd-thumbnail">
          <ThumbnailImage src={photo.urls.thumbnail} className={classes.picture} testId={testId} />
          <span className={classes.badge} aria-hidden>
            {t('pcdShort')}
          </span>
        </span>
      );
    }
    return (
      <span className={`${className ?? ''} ${classes.icon}`} {...named} data-testid="pcd-thumbnail">
        <CubeIcon size={iconSize} />
        {t('pcdShort')}
      </span>
    );
  }
  return <ThumbnailImage src={photo.urls.thumbnail} className={className} testId={testId} />;
}
