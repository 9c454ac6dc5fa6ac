import { registerCatalog } from '../../i18n/register-catalog.ts';
import en from './notifications.en.json';
import tr from './notifications.tr.json';

/** The notification list's own translations (its chunk registers them). */
export const NOTIFICATIONS_NS = 'notifications';
registerCatalog(NOTIFICATIONS_NS, { tr, en });
