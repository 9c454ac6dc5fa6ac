/** Issue 23: no answer shows a `{name}` of the message catalog. The types make every place that raises a message with
 *  placeholders pass each of them (the `@ts-expect-error` lines below are the proof: `npm run typecheck` fails when a
 *  missing param compiles); at run time every catalog message, in both languages, names the same placeholders and
 *  leaves none unfilled once its params are given; and every answer of the integration tests is checked (harness.ts). */
import { describe, expect, it } from 'vitest';
import { formatMessage, LANGUAGES, MESSAGES, type MessageCode, messagePlaceholders, unfilledPlaceholders } from '@windscope/contract';
import { AppError, badRequest, conflict } from '../src/http/errors.ts';

const codes = Object.keys(MESSAGES) as MessageCode[];
const withPlaceholders = codes.filter((code) => messagePlaceholders(code).length > 0);

describe('messages with placeholders', () => {
  it('are many, and each names the same placeholders in Turkish and English', () => {
    expect(withPlaceholders.length).toBeGreaterThan(20);
    for (const code of withPlaceholders) {
      const names = (lang: 'tr' | 'en') => [...new Set([...MESSAGES[code][lang].matchAll(/\{(\w+)/g)].map((m) => m[1]))].sort();
      expect(names('tr'), code).toEqual(names('en'));
    }
  });

  it('leave no placeholder unfilled in either language once the params are given', () => {
    for (const code of withPlaceholders) {
      const params = Object.fromEntries(messagePlaceholders(code).map((name) => [name, name === 'from' ? 'draft' : 7]));
      for (const lang of LANGUAGES) {
        const text = formatMessage(code, lang, params);
        expect(unfilledPlaceholders(text), `${code} ${lang}: ${text}`).toEqual([]);
        expect(text, `${code} ${lang}`).not.toMatch(/\{\w+(\|\w+)?\}/);
      }
      // and the check sees one left out, with the code or without
      expect(unfilledPlaceholders(formatMessage(code, 'en')), code).not.toEqual([]);
      expect(unfilledPlaceholders(formatMessage(code, 'tr'), { code }), code).not.toEqual([]);
      // a value given may hold braces of its own
      const braces = Object.fromEntries(messagePlaceholders(code).map((name) => [name, `{${name}}`]));
      expect(unfilledPlaceholders(formatMessage(code, 'en', braces), { code, params: braces }), code).toEqual([]);
    }
  });

  it('name a finding status in the reader’s language', () => {
    expect(formatMessage('FINDING_TRANSITION_INVALID', 'en', { from: 'repair_planned', to: 'draft' })).toBe(
      'A finding that is "Repair planned" cannot be moved to "Draft".',
    );
    expect(formatMessage('FINDING_TRANSITION_INVALID', 'tr', { from: 'repair_planned', to: 'draft' })).toBe(
      '"Onarım planlandı" durumundaki bir bulgu "Taslak" durumuna geçirilemez.',
    );
  });

  it('cannot be raised without their params (compile time)', () => {
    // @ts-expect-error the statuses are missing: this was issue 23's "{from}"
    const missing = new AppError(409, 'FINDING_TRANSITION_INVALID', {}, { from: 'draft', to: 'verified' });
    // @ts-expect-error a message with a placeholder needs its params
    const none = conflict('COMPANY_NAME_TAKEN');
    // @ts-expect-error one of two is not enough
    const half = badRequest('CAMPAIGN_TURBINE_OTHER_COMPANY', {});
    const filled = new AppError(409, 'FINDING_TRANSITION_INVALID', { from: 'draft', to: 'verified' });
    expect([missing, none, half].map((e) => Object.keys(e.params).length)).toEqual([0, 0, 0]);
    expect(filled.params).toEqual({ from: 'draft', to: 'verified' });
  });
});
