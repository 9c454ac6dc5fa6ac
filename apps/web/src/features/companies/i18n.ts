import { registerCatalog } from '../../i18n/register-catalog.ts';
import en from './companies.en.json';
import tr from './companies.tr.json';

/** The partners page's own translations; every module of the page imports this before it renders. */
export const COMPANIES_NS = 'companies';
registerCatalog(COMPANIES_NS, { tr, en });
