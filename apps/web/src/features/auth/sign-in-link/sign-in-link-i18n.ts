import { registerCatalog } from '../../../i18n/register-catalog.ts';
import en from './sign-in-link.en.json';
import tr from './sign-in-link.tr.json';

/** The sign-in-link screens' own namespace; the login screen uses its offer line too. */
export const SIGN_IN_LINK_NS = 'signInLink';
registerCatalog(SIGN_IN_LINK_NS, { tr, en });
