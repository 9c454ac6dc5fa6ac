import { registerCatalog } from '../../i18n/register-catalog.ts';
import en from './findings.en.json';
import tr from './findings.tr.json';

/** The findings feature's own namespace (DECISIONS §12). */
export const FINDINGS_NS = 'findings';
registerCatalog(FINDINGS_NS, { tr, en });
