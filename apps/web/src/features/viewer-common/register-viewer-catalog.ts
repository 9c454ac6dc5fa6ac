import { registerCatalog } from '../../i18n/register-catalog.ts';
import en from './viewer.en.json';
import tr from './viewer.tr.json';

registerCatalog('viewer', { tr, en });
