import { registerCatalog } from '../../i18n/register-catalog.ts';
import en from './account.en.json';
import tr from './account.tr.json';

/** The account page's own translations (API tokens, DECISIONS §17). */
export const ACCOUNT_NS = 'account';
registerCatalog(ACCOUNT_NS, { tr, en });
