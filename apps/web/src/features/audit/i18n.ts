import { registerCatalog } from '../../i18n/register-catalog.ts';
import en from './audit.en.json';
import tr from './audit.tr.json';

/** The audit log page's own translations (the event kinds' names come from the contract's AUDIT_KIND_LABELS). */
export const AUDIT_NS = 'audit';
registerCatalog(AUDIT_NS, { tr, en });
