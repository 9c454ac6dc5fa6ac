import { registerCatalog } from '../../i18n/register-catalog.ts';
import en from './users.en.json';
import tr from './users.tr.json';

/** The users page's own translations; every module of the page imports this before it renders. */
export const USERS_NS = 'users';
registerCatalog(USERS_NS, { tr, en });
