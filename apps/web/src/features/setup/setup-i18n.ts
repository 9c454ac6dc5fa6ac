import { registerCatalog } from '../../i18n/register-catalog.ts';
import en from './setup.en.json';
import tr from './setup.tr.json';

/** The first-run setup page's own namespace: registered when its chunk loads, never weighing on the home page. */
export const SETUP_NS = 'setup';
registerCatalog(SETUP_NS, { tr, en });
