import { registerCatalog } from '../../i18n/register-catalog.ts';
import en from './dashboard.en.json';
import tr from './dashboard.tr.json';

/** The dashboard's own translations; every dashboard module imports this, so the namespace exists before it renders. */
export const DASHBOARD_NS = 'dashboard';
registerCatalog(DASHBOARD_NS, { tr, en });
