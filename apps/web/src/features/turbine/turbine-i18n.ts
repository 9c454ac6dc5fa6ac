import { registerCatalog } from '../../i18n/register-catalog.ts';
import en from './turbine.en.json';
import tr from './turbine.tr.json';

/** The turbine detail page's own namespace (its copy stays out of the home page's bundle). */
export const TURBINE_NS = 'turbine';
registerCatalog(TURBINE_NS, { tr, en });
