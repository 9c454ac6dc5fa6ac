import { registerCatalog } from '../../i18n/register-catalog.ts';
import en from './share.en.json';
import tr from './share.tr.json';

/** Share links (DECISIONS §17): the manager's dialog and list, and the recipient's page. */
export const SHARE_NS = 'share';
registerCatalog(SHARE_NS, { tr, en });
