import { registerCatalog } from '../../i18n/register-catalog.ts';
import en from './photos.en.json';
import tr from './photos.tr.json';

/** The category pages' namespace; the zoomable image uses it too (its zoom buttons), also inside the turbine page's viewer. */
export const PHOTOS_NS = 'photos';
registerCatalog(PHOTOS_NS, { tr, en });
