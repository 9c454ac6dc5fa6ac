import { registerCatalog } from '../../i18n/register-catalog.ts';
import en from './uploads.en.json';
import tr from './uploads.tr.json';

/** The upload manager's and the coverage check's own namespace (loaded with their chunks). */
export const UPLOADS_NS = 'uploads';
registerCatalog(UPLOADS_NS, { tr, en });
