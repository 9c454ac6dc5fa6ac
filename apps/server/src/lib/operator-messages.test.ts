import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  formatOperator,
  OPERATOR_MESSAGES,
  type OperatorCode,
  operatorError,
  operatorLanguage,
  operatorLine,
} from './operator-messages.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)(?:\|\w+)?\}/g)].map((m) => m[1]).sort();

/** every .ts file under src/ but tests and this catalogue */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && entry.name !== 'operator-messages.ts' ? [file] : [];
  });
}

describe('operator messages (npm run backup, restore, integrity)', () => {
  it('has every message in Turkish and English, with the same placeholders', () => {
    for (const [code, { tr, en }] of Object.entries(OPERATOR_MESSAGES)) {
      expect(tr.trim(), code).not.toBe('');
      expect(en.trim(), code).not.toBe('');
      expect(tr, code).not.toBe(en);
      expect(placeholders(tr), code).toEqual(placeholders(en));
    }
  });

  it('has no message the commands never print', () => {
    const code = sources(path.resolve(import.meta.dirname, '..'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const unused = (Object.keys(OPERATOR_MESSAGES) as OperatorCode[]).filter((name) => !code.includes(`'${name}'`));
    expect(unused).toEqual([]);
  });

  it('fills a line in either language; an error says it in English and in the language asked', () => {
    const line = operatorLine('RESTORE_FILES_NOT_EMPTY', { dir: '/srv/files', count: 3 });
    expect(formatOperator(line, 'en')).toBe('the data folder /srv/files is not empty (3 files): restore needs an empty one');
    expect(formatOperator(line, 'tr')).toBe('veri klasörü /srv/files boş değil (3 dosya): geri yükleme boş bir klasör ister');
    const error = operatorError('RESTORE_ENTRY_TWICE', { key: 'turbines/1/a.jpg' });
    expect(error.message).toBe('the archive holds turbines/1/a.jpg twice: nothing was restored');
    expect(error.in('tr')).toBe('arşivde turbines/1/a.jpg iki kez var: hiçbir şey geri yüklenmedi');
  });

  it('speaks WINDSCOPE_LANG, else the locale (LC_ALL, LC_MESSAGES, LANG): Turkish for tr*, English otherwise', () => {
    expect(operatorLanguage({})).toBe('en');
    expect(operatorLanguage({ LANG: 'C.UTF-8' })).toBe('en');
    expect(operatorLanguage({ LANG: 'tr_TR.UTF-8' })).toBe('tr');
    expect(operatorLanguage({ LANG: 'TR' })).toBe('tr');
    expect(operatorLanguage({ LANG: 'de_DE.UTF-8' })).toBe('en');
    // POSIX order: LC_ALL, then LC_MESSAGES, then LANG; an empty one does not count
    expect(operatorLanguage({ LC_ALL: 'en_US.UTF-8', LANG: 'tr_TR.UTF-8' })).toBe('en');
    expect(operatorLanguage({ LC_ALL: '', LC_MESSAGES: 'tr_TR.UTF-8', LANG: 'en_GB.UTF-8' })).toBe('tr');
    // WINDSCOPE_LANG before any locale
    expect(operatorLanguage({ WINDSCOPE_LANG: 'tr', LC_ALL: 'en_US.UTF-8' })).toBe('tr');
    expect(operatorLanguage({ WINDSCOPE_LANG: 'en', LANG: 'tr_TR.UTF-8' })).toBe('en');
    expect(operatorLanguage({ WINDSCOPE_LANG: ' ', LANG: 'tr_TR.UTF-8' })).toBe('tr');
  });
});
