import { registerCatalog } from '../../i18n/register-catalog.ts';
import en from './mail-outbox.en.json';
import tr from './mail-outbox.tr.json';

/** The e-mail outbox page's own translations. */
export const MAIL_OUTBOX_NS = 'mailOutbox';
registerCatalog(MAIL_OUTBOX_NS, { tr, en });
