import { registerCatalog } from '../../i18n/register-catalog.ts';
import en from './comments.en.json';
import tr from './comments.tr.json';

registerCatalog('comments', { tr, en });
