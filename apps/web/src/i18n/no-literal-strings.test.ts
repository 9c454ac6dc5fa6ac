import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** Attributes whose text a person sees or hears. */
const VISIBLE_ATTRIBUTES = new Set([
  'title',
  'label',
  'placeholder',
  'aria-label',
  'alt',
  'description',
  'message',
  'confirmLabel',
  'cancelLabel',
  'homeLabel',
  'error',
]);
const HAS_LETTER = /\p{L}/u;

/** Visible literal text in JSX: text nodes, {'strings'} and string-valued visible attributes. Everything shown must come from the catalogs. */
export function findLiteralStrings(source: string, fileName = 'file.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const leadingSpace = node.getText(file).search(/\S/);
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file) + Math.max(0, leadingSpace));
    found.push(`${fileName}:${line + 1} "${text.trim()}"`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && HAS_LETTER.test(node.text)) report(node, node.text);
    if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      const inner = node.expression;
      if ((ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) && HAS_LETTER.test(inner.text))
        report(inner, inner.text);
    }
    if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(file)) && node.initializer) {
      const value = node.initializer;
      const literal = ts.isJsxExpression(value) ? value.expression : value;
      if (literal && (ts.isStringLiteral(literal) || ts.isNoSubstitutionTemplateLiteral(literal)) && HAS_LETTER.test(literal.text)) {
        report(literal, literal.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const SRC = path.resolve(import.meta.dirname, '..');
const componentFiles = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
  (file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx') && !file.startsWith(`test${path.sep}`),
);

describe('no visible literal strings outside the catalogs', () => {
  it('finds literal text in JSX (the check itself works)', () => {
    const sample = `export const A = () => (
      <div title="Merhaba">
        Hello
        {'Yükleniyor'}
        <input placeholder={'E-posta'} aria-label={t('ok')} data-testid="x" />
        {t('key')} · 42
      </div>
    );`;
    expect(findLiteralStrings(sample)).toEqual([
      'file.tsx:2 "Merhaba"',
      'file.tsx:3 "Hello"',
      'file.tsx:4 "Yükleniyor"',
      'file.tsx:5 "E-posta"',
    ]);
  });

  it('scans a real set of component files', () => {
    expect(componentFiles.length).toBeGreaterThan(20);
  });

  it.each(componentFiles)('%s shows only catalog text', (file) => {
    expect(findLiteralStrings(readFileSync(path.join(SRC, file), 'utf8'), file)).toEqual([]);
  });
});
