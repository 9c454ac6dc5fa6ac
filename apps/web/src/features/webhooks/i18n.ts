import { registerCatalog } from '../../i18n/register-catalog.ts';
import en from './webhooks.en.json';
import tr from './webhooks.tr.json';

/** The webhooks page's own translations (event and delivery status names come from the contract's labels). */
export const WEBHOOKS_NS = 'webhooks';
registerCatalog(WEBHOOKS_NS, { tr, en });
