import { type Photo, roomLabel } from '@windscope/contract';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../i18n/format.ts';
import { TURBINE_NS } from '../turbine-i18n.ts';
import { photoType } from './photo-filters.ts';

/** The words shown about a photo in tiles, the viewer and the comparison: type, blade and room, size, upload date. */
export function usePhotoLabels() {
  const { t } = useTranslation(TURBINE_NS);
  const { dateTime, fileSize } = useFormatters();
  const roomWord = t('blades.roomWord');
  return {
    roomWord,
    type: (photo: Photo) => t(`gallery.types.${photoType(photo)}`),
    place: (photo: Photo) =>
      [photo.blade ? t('blades.blade', { blade: photo.blade }) : null, photo.room === null ? null : roomLabel(photo.room, roomWord)]
        .filter(Boolean)
        .join(' · '),
    size: (photo: Photo) => fileSize(photo.size),
    uploaded: (photo: Photo) =>
      photo.uploader_name
        ? t('gallery.uploadedBy', { name: photo.uploader_name, date: dateTime(photo.upload_date) })
        : dateTime(photo.upload_date),
  };
}
