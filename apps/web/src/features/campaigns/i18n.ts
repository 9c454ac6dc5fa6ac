import { registerCatalog } from '../../i18n/register-catalog.ts';
import en from './campaigns.en.json';
import tr from './campaigns.tr.json';

/** The campaigns pages' own translations (issue 17); every module of the pages imports this before it renders. */
export const CAMPAIGNS_NS = 'campaigns';
registerCatalog(CAMPAIGNS_NS, { tr, en });
