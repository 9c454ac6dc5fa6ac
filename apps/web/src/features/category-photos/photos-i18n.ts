import { registerCatalog } from '../../i18n/register-catalog.ts';
import en from './photos.en.json';
import tr from './photos.tr.json';

/** The category pages' namespace; the deep-zoom surface uses it too (its zoom bar and keys), in every viewer. */
export const PHOTOS_NS = 'photos';
registerCatalog(PHOTOS_NS, { tr, en });
