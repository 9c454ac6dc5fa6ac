import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { campaignWaiverBodySchema, createCampaignBodySchema } from './campaigns.ts';
import { findingStatusBodySchema, observationBodySchema, updateFindingBodySchema } from './findings.ts';
import { formatMessage, type MESSAGES } from './messages.ts';
import {
  commentBodySchema,
  companyBodySchema,
  contactBodySchema,
  createTurbineBodySchema,
  createUserBodySchema,
  emailSchema,
  optionalEmailSchema,
  setupBodySchema,
  updateTurbineBodySchema,
  updateUserBodySchema,
} from './schemas.ts';
import { TEXT_FIELD_NAMES } from './text-field-names.ts';
import { isMultiLineText, isSingleLineText } from './text-fields.ts';

const user = { first_name: 'Ece', last_name: 'Tan', email: 'ece@test.example', password: 'secret-1', company_id: 1 };
const turbine = { city: 'İzmir', code: 'T-1', location: 'Bergama', rooms: 4 };
const campaign = {
  name: 'Bahar',
  year: 2026,
  methods: ['drone'],
  planned_start: '2026-04-01',
  planned_end: '2026-05-01',
  turbine_ids: [1],
};
const { company_id: _company, ...setupUser } = user;
const { password: _password, ...editedUser } = user;
const userEdit = { ...editedUser, role: 'operator' };
const setup = { ...setupUser, token: 'x', company_name: 'Ops' };
const geometry = { space: 'flat', shape: 'point', points: [[0.5, 0.5]] };

/** [schema, a valid body, the field, the code its refusal names]: every single-line text field of every body */
const SINGLE_LINE: [string, z.ZodType, Record<string, unknown>, string, string][] = [
  ['new user', createUserBodySchema, user, 'first_name', 'FIRST_NAME'],
  ['new user', createUserBodySchema, user, 'last_name', 'LAST_NAME'],
  ['user edit', updateUserBodySchema, userEdit, 'first_name', 'FIRST_NAME'],
  ['user edit', updateUserBodySchema, userEdit, 'last_name', 'LAST_NAME'],
  ['setup', setupBodySchema, setup, 'company_name', 'COMPANY_NAME'],
  ['setup', setupBodySchema, setup, 'first_name', 'FIRST_NAME'],
  ['setup', setupBodySchema, setup, 'last_name', 'LAST_NAME'],
  ['company', companyBodySchema, { name: 'Ege' }, 'name', 'COMPANY_NAME'],
  ['company', companyBodySchema, { name: 'Ege' }, 'authorized_number', 'AUTHORIZED_PERSON'],
  ['company', companyBodySchema, { name: 'Ege' }, 'phone', 'PHONE'],
  ['new turbine', createTurbineBodySchema, turbine, 'turbine_name', 'TURBINE_NAME'],
  ['new turbine', createTurbineBodySchema, turbine, 'name', 'TURBINE_NAME'],
  ['new turbine', createTurbineBodySchema, turbine, 'city', 'CITY'],
  ['new turbine', createTurbineBodySchema, turbine, 'code', 'TURBINE_CODE'],
  ['new turbine', createTurbineBodySchema, turbine, 'location', 'LOCATION'],
  ['new turbine', createTurbineBodySchema, turbine, 'site_name', 'SITE_NAME'],
  ['turbine edit', updateTurbineBodySchema, turbine, 'code', 'TURBINE_CODE'],
  ['turbine edit', updateTurbineBodySchema, turbine, 'turbine_name', 'TURBINE_NAME'],
  ['campaign', createCampaignBodySchema, campaign, 'name', 'CAMPAIGN_NAME'],
  ['contact', contactBodySchema, { name: 'Ali', subject: 'Teklif', message: 'Merhaba' }, 'name', 'FULL_NAME'],
  ['contact', contactBodySchema, { name: 'Ali', subject: 'Teklif', message: 'Merhaba' }, 'subject', 'SUBJECT'],
  ['contact', contactBodySchema, { name: 'Ali', subject: 'Teklif', message: 'Merhaba' }, 'phone', 'PHONE'],
];
const MULTI_LINE: [string, z.ZodType, Record<string, unknown>, string, string][] = [
  ['company', companyBodySchema, { name: 'Ege' }, 'address', 'ADDRESS'],
  ['comment', commentBodySchema, { comment: 'x' }, 'comment', 'COMMENT'],
  ['contact', contactBodySchema, { name: 'Ali', subject: 'Teklif', message: 'Merhaba' }, 'message', 'MESSAGE'],
  ['finding edit', updateFindingBodySchema, { version: 1 }, 'notes', 'NOTES'],
  ['observation', observationBodySchema, { photo_id: 1, geometry }, 'notes', 'NOTES'],
  ['status change', findingStatusBodySchema, { to: 'confirmed', version: 1 }, 'reason', 'REASON'],
  ['waiver', campaignWaiverBodySchema, { turbine_id: 1, method: 'drone', reason: 'x' }, 'reason', 'REASON'],
];

const codesOf = (schema: z.ZodType, body: Record<string, unknown>) => {
  const parsed = schema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('control characters in text fields', () => {
  it('single-line text refuses line breaks, tabs and other controls, and keeps every visible character', () => {
    for (const ok of ['Rüzgar', 'İı Şş', '😀 👩‍👩‍👧', 'O\u2019Brien', 'a b', 'مرحبا']) expect(isSingleLineText(ok), ok).toBe(true);
    for (const bad of ['a\nb', 'a\rb', 'a\r\nBcc: x@y', 'a\tb', 'a\u0007', 'a\u001b[31m', 'a\u007f', 'a\u0085b', 'a\u2028b', 'a\u2029b'])
      expect(isSingleLineText(bad), JSON.stringify(bad)).toBe(false);
    expect(isMultiLineText('line 1\nline 2\r\nline 3')).toBe(true);
    for (const bad of ['a\tb', 'a\u0007', 'a\u001b[31m', 'a\u007f', 'a\u0085'])
      expect(isMultiLineText(bad), JSON.stringify(bad)).toBe(false);
  });

  it.each(SINGLE_LINE.map(([label, schema, body, field, name]) => ({ label, schema, body, field, name })))(
    '$label: refuses CR/LF in $field with a message naming the field',
    ({ schema, body, field, name }) => {
      expect(codesOf(schema, body)).toEqual([]);
      const code = `TEXT_CONTROL_CHARACTERS_${name}`;
      expect(codesOf(schema, { ...body, [field]: 'Ali\r\nBcc: someone@evil.example' })).toEqual([code]);
      expect(codesOf(schema, { ...body, [field]: 'Ali\u0007' })).toEqual([code]);
      expect(codesOf(schema, { ...body, [field]: 'Ali\tVeli' })).toEqual([code]);
      // a line break at either end is trimmed away: nothing of it is stored
      expect(codesOf(schema, { ...body, [field]: 'Ali\n' })).toEqual([]);
    },
  );

  it.each(MULTI_LINE.map(([label, schema, body, field, name]) => ({ label, schema, body, field, name })))(
    '$label: $field keeps line breaks but refuses other control characters',
    ({ schema, body, field, name }) => {
      expect(codesOf(schema, { ...body, [field]: 'line 1\nline 2\r\nline 3' })).toEqual([]);
      expect(codesOf(schema, { ...body, [field]: 'line 1\u0007' })).toEqual([`TEXT_CONTROL_CHARACTERS_${name}`]);
      expect(codesOf(schema, { ...body, [field]: 'col 1\tcol 2' })).toEqual([`TEXT_CONTROL_CHARACTERS_${name}`]);
    },
  );

  it('refuses control characters in e-mail addresses', () => {
    expect(emailSchema.safeParse('a\u0007b@test.example').success).toBe(false);
    expect(emailSchema.safeParse('ab@test.example\r\nBcc: x@y.example').success).toBe(false);
    expect(optionalEmailSchema.safeParse('a\u0001@test.example').success).toBe(false);
    expect(emailSchema.safeParse('ab@test.example').success).toBe(true);
  });

  it('names every field in both languages', () => {
    for (const [field, name] of Object.entries(TEXT_FIELD_NAMES)) {
      const code = `TEXT_CONTROL_CHARACTERS_${field}` as keyof typeof MESSAGES;
      expect(formatMessage(code, 'tr').startsWith(name.tr)).toBe(true);
      expect(formatMessage(code, 'en').startsWith(name.en)).toBe(true);
      expect(formatMessage(code, 'en')).toContain(name.lines === 'single' ? 'single line' : 'other than line breaks');
    }
    expect(formatMessage('TEXT_CONTROL_CHARACTERS_FIRST_NAME', 'tr')).toBe(
      'Ad tek satır olmalı: satır sonu, sekme veya başka bir kontrol karakteri içeremez.',
    );
    expect(formatMessage('TEXT_CONTROL_CHARACTERS_COMMENT', 'en')).toBe(
      'Comment cannot contain control characters (such as tabs) other than line breaks.',
    );
  });
});
