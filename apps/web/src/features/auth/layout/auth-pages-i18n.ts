import { registerCatalog } from '../../../i18n/register-catalog.ts';
import en from './auth-pages.en.json';
import tr from './auth-pages.tr.json';

/** The sign-in, password-reset and new-password screens' own translations (and the showcase beside them): loaded with
 *  those lazy pages, never with the home page. Every module that reads them imports this first. */
export const AUTH_PAGES_NS = 'authPages';
registerCatalog(AUTH_PAGES_NS, { tr, en });
