import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
type Catalog = { [key: string]: string | Catalog };

function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(full, value);
    else for (const [k, v] of flatten(value, full)) entries.set(k, v);
  }
  return entries;
}

/** The app catalogs (i18n/tr.json, en.json) and every page namespace pair (<ns>.tr.json, <ns>.en.json). */
function catalogPairs(): { name: string; tr: string; en: string }[] {
  const pairs = [{ name: 'translation', tr: path.join(SRC, 'i18n/tr.json'), en: path.join(SRC, 'i18n/en.json') }];
  for (const file of readdirSync(SRC, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.tr.json')) continue;
    const tr = path.join(SRC, file);
    pairs.push({ name: path.basename(file, '.tr.json'), tr, en: tr.replace(/\.tr\.json$/, '.en.json') });
  }
  return pairs;
}

const load = (file: string) => flatten(JSON.parse(readFileSync(file, 'utf8')) as Catalog);
const variables = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)/g)].map((m) => m[1]).sort();

describe.each(catalogPairs())('catalog $name', ({ tr, en }) => {
  const trEntries = load(tr);
  const enEntries = load(en);

  it('has the same keys in tr and en', () => {
    expect([...trEntries.keys()].sort()).toEqual([...enEntries.keys()].sort());
  });

  it('has no empty values', () => {
    const empty = [...trEntries, ...enEntries].filter(([, value]) => value.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('uses the same {{variables}} in both languages', () => {
    const mismatched = [...trEntries.keys()].filter((key) => {
      const enValue = enEntries.get(key);
      return enValue !== undefined && variables(trEntries.get(key) ?? '').join() !== variables(enValue).join();
    });
    expect(mismatched).toEqual([]);
  });
});
