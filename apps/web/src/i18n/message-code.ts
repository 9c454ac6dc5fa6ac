import { formatMessage, MESSAGES, type MessageCode } from '@windscope/contract';
import { registerMessageWriter } from '../api/api-error.ts';
import { currentLanguage } from './i18n.ts';

export function isMessageCode(code: unknown): code is MessageCode {
  return typeof code === 'string' && Object.hasOwn(MESSAGES, code);
}

/** Text for a contract message code (server answers and schema validation) in the current language. */
export function messageForCode(code: string, params?: Record<string, string | number>): string | undefined {
  return isMessageCode(code) ? formatMessage(code, currentLanguage(), params) : undefined;
}

// server messages already received (ApiError.message) are written again from their code in the current language
registerMessageWriter(messageForCode);
