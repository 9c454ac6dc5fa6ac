/**
 * Input generators for the fuzz tests, derived from the routes' own zod schemas (the contract's): one walker over
 * zod 4 schema definitions (object, string, number, enum, optional, nullable, default, pipe, union, array, ...)
 * that yields values in and around what each schema accepts: valid values, boundary lengths and numbers, wrong
 * types, odd Unicode (NUL, lone surrogates, RTL, combining marks, Turkish İ/ı, emoji), huge strings, deep nesting,
 * extra and prototype keys. Bodies are serialized by hand so that `__proto__` keys, duplicate keys and raw number
 * tokens (2^63, 1e400) reach the server exactly as generated.
 */
import fc from 'fast-check';

// ---------- settings ----------

const DEFAULT_SEED = 20_240_607;
/** FUZZ_SEED replays a run; every property derives its own seed from it and the property's name. */
export const FUZZ_SEED =
  Number.isSafeInteger(Number(process.env.FUZZ_SEED)) && process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : DEFAULT_SEED;

/** FUZZ_RUNS overrides the runs of every property (the default suits the integration tier's time budget). */
export function fuzzRuns(defaultRuns: number): number {
  const n = Number(process.env.FUZZ_RUNS);
  return Number.isSafeInteger(n) && n > 0 ? n : defaultRuns;
}

function hashName(name: string): number {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Runs a property with the fixed (or FUZZ_SEED) seed; a failure names the seed to replay it with. */
export async function checkProperty<T>(
  name: string,
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  options: { runs: number /** cases that found bugs once: they run first, every time */; examples?: T[] },
) {
  const seed = (FUZZ_SEED + hashName(name)) | 0;
  const settings = {
    seed,
    numRuns: fuzzRuns(options.runs),
    endOnFailure: !process.env.FUZZ_SHRINK,
    examples: (options.examples ?? []).map((example): [T] => [example]),
  };
  try {
    await fc.assert(fc.asyncProperty(arbitrary, predicate), settings);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      `fuzz property "${name}" failed (FUZZ_SEED=${FUZZ_SEED}, property seed ${seed}; replay: FUZZ_SEED=${FUZZ_SEED} FUZZ_RUNS=${settings.numRuns}, ` +
        `add FUZZ_SHRINK=1 for a minimal case)\n${message}`,
      { cause: error },
    );
  }
}

/** Statuses (and error codes) seen per property, printed with FUZZ_STATS=1: shows that valid inputs get through too. */
export function statusTally() {
  const seen = new Map<string, Map<string, number>>();
  return {
    add(name: string, res: { statusCode: number; json(): unknown }) {
      let code = '';
      if (res.statusCode >= 400) {
        try {
          code = ` ${String((res.json() as { code?: unknown }).code)}`;
        } catch {
          code = ' (not JSON)';
        }
      }
      const counts = seen.get(name) ?? new Map<string, number>();
      counts.set(`${res.statusCode}${code}`, (counts.get(`${res.statusCode}${code}`) ?? 0) + 1);
      seen.set(name, counts);
    },
    print() {
      if (!process.env.FUZZ_STATS) return;
      for (const [name, counts] of seen) {
        const text = [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([status, n]) => `${status} x${n}`);
        console.log(`${name.padEnd(48)} ${text.join(', ')}`);
      }
    },
  };
}

// ---------- a JSON value model that keeps what JSON.stringify would lose ----------

/** An object as a list of entries: keeps `__proto__`, `constructor` and duplicate keys, in order. */
export class JsonObject {
  constructor(readonly entries: [string, Json][]) {}
}
/** A number token written as it is (`9223372036854775808`, `1e400`, `-0`, `1.0`). */
export class RawNumber {
  constructor(readonly text: string) {}
}
/** Text put into the body as it is: broken JSON, invalid UTF-8 escapes. */
export class RawText {
  constructor(readonly text: string) {}
}
export type Json = null | boolean | number | string | RawNumber | RawText | JsonObject | Json[];

export function toJsonText(value: Json): string {
  if (value instanceof JsonObject) return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  if (value instanceof RawNumber || value instanceof RawText) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
  return JSON.stringify(value);
}

/** What JSON.parse makes of the text (what the server's body parser sees), or undefined when it is not JSON. */
export function parsedJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

// ---------- text ----------

/** Characters that have broken text handling somewhere, by kind (each kind is picked as often as the others). */
export const ODD_CHAR_KINDS = {
  nul: ['\u0000', 'a\u0000b'],
  loneSurrogate: ['\ud800', '\udbff', '\udc00', '\udfff', '\ud83d'], // the last: half of an emoji
  rtl: ['\u202e', '\u200f', 'مرحبا', 'שלום'],
  combining: ['e\u0301', '\u0301', 'Z\u0351\u0359\u0336'],
  turkish: ['İ', 'ı', 'ŞşĞğÇçÖöÜü', 'İSTANBUL', 'ıiIİ'],
  caseFolding: ['ǅ', 'ß', 'ﬁ', 'ΐ'], // change length or shape when cased
  emoji: ['😀', '👩‍👩‍👧', '🇹🇷', '\u{10ffff}'],
  invisible: ['\ufeff', '\u00a0', '\u2028', '\u200b', '\t', '\n', '\r\n', '\u001b[31m', '\u007f'],
  markup: ['"', "'", '\\', '<script>', '%00', '%', '../', '\u0024{x}', "'; drop table users; --"],
} as const;
export const ODD_CHARS: string[] = Object.values(ODD_CHAR_KINDS).flat();
const oddChar = fc.constantFrom(...Object.values(ODD_CHAR_KINDS)).chain((kind) => fc.constantFrom(...kind));

const turkishLetter = fc.constantFrom(...'abcçdefgğhıijklmnoöprsştuüvyzABCÇDEFGĞHIİJKLMNOÖPRSŞTUÜVYZ0123456789 .-&');
const plainText = fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 12 });
const oddChunk = fc.oneof(
  { weight: 4, arbitrary: oddChar },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 4 }) },
);

/** Text made of plain and odd pieces. */
export const oddText = (maxPieces = 6) =>
  fc
    .array(fc.oneof({ weight: 2, arbitrary: plainText }, { weight: 3, arbitrary: oddChunk }), { minLength: 1, maxLength: maxPieces })
    .map((p) => p.join(''));

/** A string of exactly `length` UTF-16 units made of `unit` (cut inside a surrogate pair when it does not fit). */
const ofLength = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, Math.max(0, length));

/** Text that looks like numbers: ids, coordinates, edge values as text. */
const numberLikeText = fc.oneof(
  fc.integer().map(String),
  fc.tuple(fc.double({ min: -200, max: 200, noNaN: true }), fc.double({ min: -200, max: 200, noNaN: true })).map(([a, b]) => `${a},${b}`),
  fc
    .tuple(fc.integer({ min: -90, max: 90 }), fc.nat(9999), fc.integer({ min: -180, max: 180 }), fc.nat(9999))
    .map(([a, b, c, d]) => `${a}.${b}, ${c}.${d}`),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e3', '0x1A', ' 7 ', '+5', '.5', '5.', '007', '١٢', '１２', '1_000', '-0', ''),
);

interface StringBounds {
  min: number;
  max: number;
  pattern?: RegExp;
}

function stringValues(bounds: StringBounds, known: KnownValues): fc.Arbitrary<string> {
  const { min, max, pattern } = bounds;
  const cap = Math.min(max, 60);
  const validish = pattern
    ? fc.oneof(
        fc.stringMatching(pattern).filter((s) => s.length >= min && s.length <= max),
        fc.stringMatching(pattern),
      )
    : fc.oneof(
        fc.string({ unit: 'grapheme-ascii', minLength: Math.max(min, 1), maxLength: Math.max(cap, Math.max(min, 1)) }),
        // what people of a Turkish company type: the letters with their own case rules (İ/i, I/ı) come up often
        fc.string({ unit: turkishLetter, minLength: Math.max(min, 1), maxLength: Math.max(Math.min(cap, 24), Math.max(min, 1)) }),
      );
  const sized = (n: number) => fc.constantFrom('a', 'İ', '😀', 'ı', ' ', '\u0301').map((unit) => ofLength(unit, n));
  const lengths = [max, max + 1, Math.max(0, min - 1), 0, 10_000, 100_000, 300_000].filter((n) => Number.isFinite(n));
  // long but valid: up to the limit exactly (generated strings are short unless asked)
  const longValid = fc
    .tuple(fc.integer({ min: Math.max(min, Math.floor(max / 2), 1), max: Math.max(Math.min(max, 5000), 1) }), validish)
    .map(([n, seed]) => ofLength(seed.trim() || 'a', n));
  return fc.oneof(
    { weight: 12, arbitrary: validish },
    ...(pattern ? [] : [{ weight: 4, arbitrary: longValid }]),
    // valid-looking text with one odd character in it, within the length limit
    {
      weight: 6,
      arbitrary: fc.tuple(validish, oddChar, fc.nat()).map(([valid, odd, at]) => {
        const i = at % (valid.length + 1);
        const s = `${valid.slice(0, i)}${odd}${valid.slice(i)}`;
        return s.length > max ? valid : s;
      }),
    },
    { weight: 3, arbitrary: oddText().map((s) => (s.length > max ? s.slice(0, max) : s)) },
    { weight: 2, arbitrary: oddText() },
    { weight: 2, arbitrary: fc.constantFrom(...lengths).chain(sized) },
    { weight: 1, arbitrary: numberLikeText },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', ' ', '   \t ', '\u0000', 'null', 'undefined', 'true', '[]', '{}', 'superadmin', '__proto__'),
    },
    ...(known.strings.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...known.strings) }] : []),
    ...(pattern
      ? [
          {
            weight: 2,
            arbitrary: fc.tuple(validish, oddText(2)).map(([valid, odd]) => (odd.length % 2 ? `${odd}${valid}` : `${valid}${odd}`)),
          },
        ]
      : []),
  );
}

// ---------- numbers ----------

const INT4 = 2 ** 31;
/** Numbers at the edges of the database's integer types and of doubles, as exact tokens. */
const EDGE_NUMBER_TOKENS = [
  '0',
  '-0',
  '-1',
  '1.0',
  '0.5',
  '1.5',
  '1e2',
  String(INT4 - 1),
  String(INT4),
  String(-INT4),
  String(-INT4 - 1),
  '4294967296',
  String(2 ** 53 - 1),
  String(2 ** 53),
  '9007199254740993',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775809',
  '1e308',
  '1e400',
  '-1e400',
  '4.9e-324',
  '1e-400',
];

interface NumberBounds {
  min: number;
  max: number;
  int: boolean;
}

function numberValues(bounds: NumberBounds, known: KnownValues): fc.Arbitrary<number | RawNumber> {
  const lo = Math.max(bounds.min, -1e9);
  const hi = Math.min(bounds.max, 1e9);
  const valid = bounds.int
    ? fc.integer({ min: Math.ceil(Math.max(lo, -INT4)), max: Math.floor(Math.min(hi, INT4 - 1)) })
    : fc.double({ min: lo, max: hi, noNaN: true });
  // small values near the bottom of the range (ids, rooms, years) name real things more often
  const smallMin = Math.ceil(Math.max(lo, Math.min(-5, hi)));
  const small = bounds.int ? fc.integer({ min: smallMin, max: Math.floor(Math.min(hi, smallMin + 35)) }) : valid;
  const edges = [bounds.min - 1, bounds.min, bounds.max, bounds.max + 1].filter((n) => Number.isFinite(n));
  const knownInts = bounds.int && bounds.min >= 0 ? known.numbers : [];
  return fc.oneof(
    { weight: 4, arbitrary: small },
    { weight: 3, arbitrary: valid },
    ...(knownInts.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...knownInts) }] : []),
    ...(edges.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...edges) }] : []),
    { weight: 2, arbitrary: fc.constantFrom(...EDGE_NUMBER_TOKENS).map((text) => new RawNumber(text)) },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  );
}

/** A number as text (query strings, multipart fields), valid, at the edges, or only number-ish. */
function numberTexts(bounds: NumberBounds, known: KnownValues): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: numberValues(bounds, known).map((n) => (n instanceof RawNumber ? n.text : String(n))) },
    { weight: 2, arbitrary: numberLikeText },
    { weight: 1, arbitrary: oddText(3) },
  );
}

// ---------- the schema walker ----------

/** Values the generators mix in so that valid inputs also name real things: row ids, the current year, e-mails. */
export interface KnownValues {
  numbers: number[];
  strings: string[];
}

interface ZodDef {
  type: string;
  [key: string]: unknown;
}
interface ZodLike {
  _zod: { def: ZodDef };
}
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

export function isZodSchema(value: unknown): value is ZodLike {
  return typeof value === 'object' && value !== null && '_zod' in value && typeof (value as ZodLike)._zod?.def?.type === 'string';
}

const defOf = (schema: ZodLike) => schema._zod.def;
const checksOf = (def: ZodDef): CheckDef[] => ((def.checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((c) => c._zod.def);

function stringBoundsOf(def: ZodDef): StringBounds {
  const bounds: StringBounds = { min: 0, max: 1000 };
  let sawMax = false;
  for (const c of checksOf(def)) {
    if (c.check === 'min_length' && c.minimum !== undefined) bounds.min = Math.max(bounds.min, c.minimum);
    if (c.check === 'max_length' && c.maximum !== undefined) {
      bounds.max = sawMax ? Math.min(bounds.max, c.maximum) : c.maximum;
      sawMax = true;
    }
    if (c.check === 'length_equals' && c.value !== undefined) bounds.min = bounds.max = Number(c.value);
    if (c.check === 'string_format' && c.pattern instanceof RegExp) bounds.pattern = c.pattern;
  }
  return bounds;
}

const INT_FORMATS: Record<string, [number, number]> = {
  safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  int32: [-INT4, INT4 - 1],
  uint32: [0, 2 ** 32 - 1],
};

function numberBoundsOf(def: ZodDef): NumberBounds {
  const bounds: NumberBounds = { min: -1e12, max: 1e12, int: false };
  for (const c of checksOf(def)) {
    if (c.check === 'number_format' && c.format && c.format in INT_FORMATS) {
      bounds.int = true;
      const [lo, hi] = INT_FORMATS[c.format] ?? [bounds.min, bounds.max];
      bounds.min = Math.max(bounds.min, lo);
      bounds.max = Math.min(bounds.max, hi);
    }
    if (c.check === 'greater_than' && c.value !== undefined) {
      const v = Number(c.value);
      bounds.min = Math.max(bounds.min, c.inclusive ? v : bounds.int ? v + 1 : v + 1e-9);
    }
    if (c.check === 'less_than' && c.value !== undefined) {
      const v = Number(c.value);
      bounds.max = Math.min(bounds.max, c.inclusive ? v : bounds.int ? v - 1 : v - 1e-9);
    }
  }
  // int may be declared after the bounds: round them now
  if (bounds.int) {
    bounds.min = Math.ceil(bounds.min);
    bounds.max = Math.floor(bounds.max);
  }
  return bounds;
}

/** Where a value goes: a JSON body keeps types; a query string or a multipart field is text. */
export type Channel = 'json' | 'text';

const MAX_DEPTH = 6;

/** Any JSON value at all: the wrong type for most fields. */
const anyJson: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  oddText(3),
  fc.constant([] as Json[]),
  fc.constant(new JsonObject([])),
  fc.array(fc.oneof(fc.integer(), oddText(2)), { maxLength: 3 }),
  fc.constant(new JsonObject([['__proto__', new JsonObject([['isAdmin', true]])]])),
);

/** Arrays or objects nested `depth` deep, as raw text (JSON.stringify would recurse as deep). */
export const deeplyNested = fc
  .tuple(fc.constantFrom(64, 1000, 5000, 20_000), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? new RawText(`${'['.repeat(depth)}1${']'.repeat(depth)}`) : new RawText(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  );

/** Keys that no schema declares. */
const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'is_admin',
  'isAdmin',
  'role',
  'id',
  'company_id',
  'user_id',
  '',
  'İD',
  'ıd',
  'a\u0000b',
];

/** Values in and around what `schema` accepts. */
export function valuesFor(schema: unknown, channel: Channel, known: KnownValues, depth = 0): fc.Arbitrary<Json> {
  if (!isZodSchema(schema) || depth > MAX_DEPTH) return anyJson;
  const def = defOf(schema);
  const wrongType = channel === 'json' ? anyJson : oddText(3);
  const around = (core: fc.Arbitrary<Json>, weight = 12) =>
    fc.oneof({ weight, arbitrary: core }, { weight: 1, arbitrary: wrongType }) as fc.Arbitrary<Json>;
  switch (def.type) {
    case 'string':
      return around(stringValues(stringBoundsOf(def), known));
    case 'number': {
      const bounds = numberBoundsOf(def);
      return around(channel === 'text' || def.coerce ? numberTexts(bounds, known) : numberValues(bounds, known));
    }
    case 'bigint':
      return around(fc.constantFrom(...EDGE_NUMBER_TOKENS).map((t) => (channel === 'json' ? new RawNumber(t) : t)));
    case 'boolean':
      return around(channel === 'json' ? fc.boolean() : fc.constantFrom('true', 'false', '1', '0', 'on', 'TRUE', ''));
    case 'enum': {
      const entries = Object.values(def.entries as Record<string, string | number>).map(String);
      const near = fc
        .constantFrom(...entries)
        .chain((e) =>
          fc.constantFrom(e.toUpperCase(), e.toLocaleUpperCase('tr'), ` ${e}`, `${e}\u0000`, `${e}x`, e.slice(0, -1), `${e}\u0301`),
        );
      return around(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...entries) }, { weight: 2, arbitrary: near }));
    }
    case 'literal': {
      const values = (def.values as unknown[]).filter((v): v is string | number | boolean | null => v === null || typeof v !== 'object');
      return around(fc.constantFrom(...values.map((v) => (channel === 'text' ? String(v) : v))));
    }
    case 'null':
      return around(fc.constant(null));
    case 'optional':
    case 'nullable':
    case 'nonoptional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly': {
      const inner = valuesFor(def.innerType, channel, known, depth + 1);
      return def.type === 'nullable' && channel === 'json'
        ? fc.oneof({ weight: 5, arbitrary: inner }, { weight: 1, arbitrary: fc.constant(null) })
        : inner;
    }
    case 'lazy':
      return valuesFor((def.getter as () => unknown)(), channel, known, depth + 1);
    case 'pipe': {
      // the input side decides what is accepted; a piped-into schema (not a transform) is more specific still
      const into = def.out;
      const outIsTransform = isZodSchema(into) && defOf(into).type === 'transform';
      return outIsTransform
        ? valuesFor(def.in, channel, known, depth + 1)
        : fc.oneof(valuesFor(def.in, channel, known, depth + 1), valuesFor(into, channel, known, depth + 1));
    }
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((o) => valuesFor(o, channel, known, depth + 1)));
    case 'array':
      return around(fc.array(valuesFor(def.element, channel, known, depth + 1), { maxLength: 4 }), 6);
    case 'object':
      return around(objectsFor(schema, channel, known, depth), 10);
    case 'record':
      return around(
        fc
          .array(fc.tuple(oddText(2), valuesFor(def.valueType, channel, known, depth + 1)), { maxLength: 3 })
          .map((entries) => new JsonObject(entries)),
        6,
      );
    default:
      // unknown, any, transform, custom...: anything
      return anyJson;
  }
}

/** Accepts `undefined` (optional, default, nullish...): the field may be left out. */
function isOptional(schema: unknown): boolean {
  return isZodSchema(schema) && (schema as unknown as { safeParse(v: unknown): { success: boolean } }).safeParse(undefined).success;
}

function shapeOf(schema: ZodLike): [string, unknown][] {
  return Object.entries((defOf(schema).shape as Record<string, unknown>) ?? {});
}

/** The fields of an object schema, also when it is wrapped in optional / nullable (a body that may be absent). */
export function objectFields(schema: unknown): [string, unknown][] {
  let current = schema;
  while (isZodSchema(current) && ['optional', 'nullable', 'default'].includes(defOf(current).type)) current = defOf(current).innerType;
  return isZodSchema(current) && defOf(current).type === 'object' ? shapeOf(current) : [];
}

/** Objects: declared fields mostly present, sometimes left out, duplicated, reordered, joined by keys nobody declared. */
export function objectsFor(schema: ZodLike, channel: Channel, known: KnownValues, depth = 0): fc.Arbitrary<JsonObject> {
  const fields = shapeOf(schema).map(([name, field]) => {
    const keepWeight = isOptional(field) ? 3 : 14;
    return fc.oneof(
      { weight: keepWeight, arbitrary: valuesFor(field, channel, known, depth + 1).map((v): [string, Json][] => [[name, v]]) },
      { weight: 1, arbitrary: fc.constant([] as [string, Json][]) },
      { weight: isOptional(field) ? 2 : 0, arbitrary: fc.constant([] as [string, Json][]) },
    );
  });
  const extras = fc.oneof(
    { weight: 12, arbitrary: fc.constant([] as [string, Json][]) },
    {
      weight: 2,
      arbitrary: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...EXTRA_KEYS), oddText(2)), anyJson), { minLength: 1, maxLength: 3 }),
    },
    { weight: 1, arbitrary: deeplyNested.map((nested): [string, Json][] => [['nested', nested]]) },
  );
  return fc.tuple(fc.tuple(...fields), extras, fc.integer({ min: 0, max: 9 }), fc.nat()).map(([picked, extra, mode, salt]) => {
    const entries = [...picked.flat(), ...extra];
    if (mode === 0 && entries.length > 1) entries.reverse(); // another order
    if (mode === 1 && entries.length > 0) entries.push(entries[salt % entries.length] as [string, Json]); // a key twice
    return new JsonObject(entries);
  });
}

// ---------- request parts ----------

export interface GeneratedBody {
  label: string;
  /** undefined: no body at all */
  payload?: string | Buffer;
  contentType?: string;
}

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '{a:1}',
  "{'a':1}",
  '{"a":1,}',
  '[1,]',
  'NaN',
  '{"a":NaN}',
  '\u0000',
  '// x\n{}',
  '{"a":1}{"b":2}',
  '\ufeff{}',
];

/** A request body for a route whose schema is `schema` (or none): mostly JSON in and around the schema. */
export function bodiesFor(schema: unknown, known: KnownValues, limitBytes: number): fc.Arbitrary<GeneratedBody> {
  const json =
    (label: string) =>
    (value: Json): GeneratedBody => ({ label, payload: toJsonText(value), contentType: 'application/json' });
  const fromSchema = isZodSchema(schema) ? valuesFor(schema, 'json', known).map(json('from schema')) : anyJson.map(json('any JSON'));
  return fc.oneof(
    { weight: 30, arbitrary: fromSchema },
    { weight: 2, arbitrary: anyJson.map(json('not an object')) },
    { weight: 2, arbitrary: deeplyNested.map(json('deeply nested')) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...MALFORMED_JSON)
        .map((text) => ({ label: 'malformed JSON', payload: text, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('x', 'İ', '😀').map((unit) => ({
        label: 'over the body limit',
        payload: `{"a":"${unit.repeat(Math.ceil((limitBytes + 10) / Buffer.byteLength(unit)))}"}`,
        contentType: 'application/json',
      })),
    },
    {
      weight: 1,
      arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => ({
        label: 'invalid UTF-8 in a string',
        payload: Buffer.concat([Buffer.from('{"name":"'), Buffer.from(bytes), Buffer.from([0xff, 0xfe, 0xc0]), Buffer.from('"}')]),
        contentType: 'application/json',
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fromSchema,
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/json; charset=utf-16',
            'application/json; charset=latin1',
            'application/xml',
            'multipart/form-data',
            'application/jsonx',
            '',
          ),
        )
        .map(([body, contentType]) => ({ ...body, label: `content-type ${JSON.stringify(contentType)}`, contentType })),
    },
    { weight: 1, arbitrary: fc.constant({ label: 'no body' }) },
    { weight: 1, arbitrary: fc.constant({ label: 'empty JSON body', payload: '', contentType: 'application/json' }) },
  );
}

/** Percent-encoding that also writes what encodeURIComponent refuses: a lone surrogate becomes invalid UTF-8 bytes. */
export function percentEncode(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16).toUpperCase()}%${(0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    } else out += encodeURIComponent(ch);
  }
  return out;
}

const junkQueryPairs = fc.array(
  fc.oneof(
    fc.tuple(
      fc.constantFrom('_', '__proto__', 'constructor', '__proto__[x]', 'a[b]', 'a[]', 'user_id', 'role', 'company_id', ''),
      oddText(2),
    ),
    fc.tuple(oddText(2), oddText(2)),
  ),
  { maxLength: 3 },
);

/** A query string (with its '?', or empty) in and around the route's querystring schema, plus junk parameters. */
export function queriesFor(schema: unknown, known: KnownValues): fc.Arbitrary<string> {
  const declared =
    isZodSchema(schema) && defOf(schema).type === 'object' ? objectsFor(schema, 'text', known) : fc.constant(new JsonObject([]));
  const raw = fc.constantFrom('%', '%zz', '%00', '%ED%A0%80', '%FF%FE', '&&', '=', '==x', 'a=1&a=2', `x=${'y'.repeat(5000)}`, ';', '#frag');
  return fc.tuple(declared, junkQueryPairs, fc.option(raw, { freq: 6 })).map(([object, junk, rawPart]) => {
    const pairs = [...object.entries, ...junk].map(([k, v]) => {
      const value =
        v instanceof RawNumber || v instanceof RawText ? v.text : v instanceof JsonObject || Array.isArray(v) ? toJsonText(v) : String(v);
      // a value that is a list becomes the same key repeated
      if (Array.isArray(v)) return v.map((item) => `${percentEncode(k)}=${percentEncode(String(item))}`).join('&');
      return `${percentEncode(k)}=${percentEncode(value)}`;
    });
    if (rawPart) pairs.push(rawPart);
    return pairs.length > 0 ? `?${pairs.join('&')}` : '';
  });
}

/** Route ids that are not ids: text, edges of the integer types, encodings, paths. */
export const BAD_ID_TEXT = [
  'abc',
  '-1',
  '0',
  '00',
  '01',
  '1.5',
  '1e3',
  ' 1',
  '1 ',
  '+1',
  '0x10',
  '١',
  '１',
  '\u0000',
  '1\u0000',
  String(INT4 - 1),
  String(INT4),
  '4294967297',
  '9223372036854775808',
  '99999999999999999999',
  '1 OR 1=1',
  "1'; DROP TABLE users; --",
  '..',
  '.',
  '../../etc/passwd',
  '%',
  'İ',
  '\ud800',
  '😀',
  'x'.repeat(300),
];

/** A path parameter that is not a good id: text, edges of the integer types, encodings, paths, odd Unicode. */
export const badPathParams: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...BAD_ID_TEXT) },
  { weight: 1, arbitrary: fc.integer({ min: -10, max: INT4 + 10 }).map(String) },
  { weight: 1, arbitrary: oddText(2) },
);

/** Language headers, including ones that name no language. */
export const languageHeaders = fc.constantFrom<Record<string, string>>(
  {},
  { 'accept-language': 'en' },
  { 'accept-language': 'tr-TR,tr;q=0.9' },
  { 'x-language': 'en' },
  { 'x-language': 'tr' },
  { 'x-language': 'de' },
  { 'accept-language': '*;q=0.1,İ' },
);

// ---------- multipart uploads ----------

export interface SampleFile {
  label: string;
  bytes: Buffer;
  type: string;
}

type Part =
  | { kind: 'field'; name: string; value: string }
  | { kind: 'file'; name: string; filename: string; encoding: 'utf8' | 'latin1' | 'rfc5987'; type: string | null; file: SampleFile };

/** File names: safe ones (which may be stored), and paths, NUL, very long, empty, Unicode, RTL tricks, case twins. */
const fileNames = (extensions: string[]) =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .tuple(fc.stringMatching(/^[A-Za-z0-9_-]{1,16}$/), fc.constantFrom(...extensions, '.JPG', '', '.exe', '.jpg.pdf'))
        .map(([stem, ext]) => `${stem}${ext}`),
    },
    { weight: 2, arbitrary: fc.constantFrom(...extensions).map((ext) => `same${ext}`) }, // the same name twice, and again later
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        '../x.jpg',
        '..\\x.jpg',
        '/etc/passwd',
        'C:\\fakepath\\x.jpg',
        'a/b.jpg',
        'a\u0000b.jpg',
        '.',
        '..',
        '',
        ' ',
        `${'x'.repeat(250)}.jpg`,
        `${'x'.repeat(196)}.pdf`,
        'şile.jpg',
        'İ.jpg',
        '😀.jpg',
        `x\ud800.jpg`,
        'gpj.\u202eexe',
        'a b.jpg',
        'a"b.jpg',
        'a\r\nb.jpg',
        'SAME.jpg',
      ),
    },
    { weight: 2, arbitrary: oddText(3).map((s) => `${s}.jpg`) },
  );

/** One multipart body: the route's fields (from its zod schema, as text) and files, in order or not, then maybe broken
 *  on the wire (truncated, other boundary, none, LF line ends, no closing delimiter, not multipart at all). */
export function multipartBodies(upload: {
  /** the contract's schema of the text fields */
  fieldsSchema: unknown;
  /** a set of fields the route accepts, for the neighbourhood of a valid upload */
  validFields: Record<string, string>;
  fileField: string;
  samples: SampleFile[];
  known: KnownValues;
  extensions: string[];
  /** the first samples are files the route accepts */
  usableSamples: number;
}) {
  const { fieldsSchema, validFields, fileField, samples, known, extensions } = upload;
  if (!isZodSchema(fieldsSchema)) throw new Error('the upload fields need a zod object schema');
  const asText = (value: Json) =>
    value instanceof RawNumber || value instanceof RawText ? value.text : typeof value === 'string' ? value : toJsonText(value);
  const generated = objectsFor(fieldsSchema, 'text', known).map((o) =>
    o.entries.map(([name, value]): [string, string] => [name, asText(value)]),
  );
  // the valid fields with one of them changed (by the schema's generator) or left out
  const oneChanged = fc.oneof(
    ...shapeOf(fieldsSchema).map(([name, schema]) =>
      fc.option(valuesFor(schema, 'text', known), { freq: 4, nil: undefined }).map((value) => {
        const entries = Object.entries(validFields).filter(([k]) => k !== name);
        return value === undefined ? entries : [...entries, [name, asText(value)] as [string, string]];
      }),
    ),
  );
  const fields = fc
    .oneof(
      { weight: 3, arbitrary: fc.constant(Object.entries(validFields)) },
      { weight: 4, arbitrary: oneChanged },
      { weight: 3, arbitrary: generated },
    )
    .map((entries) => entries.map(([name, value]): Part => ({ kind: 'field', name, value })));
  const file: fc.Arbitrary<Part> = fc.record({
    kind: fc.constant('file' as const),
    name: fc.oneof(
      { weight: 10, arbitrary: fc.constant(fileField) },
      { weight: 1, arbitrary: fc.constantFrom('file', 'photo', 'reports', 'photos[]', '') },
    ),
    filename: fileNames(extensions),
    encoding: fc.constantFrom('utf8', 'utf8', 'utf8', 'rfc5987', 'latin1'),
    type: fc.option(fc.constantFrom('image/jpeg', 'application/pdf', 'application/octet-stream', 'text/html', 'image/svg+xml'), {
      nil: null,
    }),
    // files of an accepted type (samples[0..usable)) come up as often as all the others together
    file: fc.oneof(fc.constantFrom(...samples.slice(0, upload.usableSamples)), fc.constantFrom(...samples)),
  });
  // a part named like the file field but without a file in it
  const notAFile = fc.constant<Part>({ kind: 'field', name: fileField, value: 'not a file' });
  const files = fc.array(fc.oneof({ weight: 8, arbitrary: file }, { weight: 1, arbitrary: notAFile }), { minLength: 0, maxLength: 3 });
  const broken = fc.constantFrom(
    'fields after files',
    'shuffled',
    'truncated',
    'no closing delimiter',
    'other boundary in body',
    'no boundary parameter',
    'boundary too long',
    'LF line ends',
    'preamble and epilogue',
    'empty body',
    'not multipart',
  );
  const wire = fc.oneof({ weight: 3, arbitrary: fc.constant('ok') }, { weight: 2, arbitrary: broken });
  return fc.tuple(fields, files, wire, fc.nat()).map(([fieldParts, fileParts, mode, salt]) => {
    let parts = mode === 'fields after files' ? [...fileParts, ...fieldParts] : [...fieldParts, ...fileParts];
    if (mode === 'shuffled') parts = [...parts].sort((a, b) => ((salt ^ hashName(partName(a))) % 7) - ((salt ^ hashName(partName(b))) % 7));
    return { label: `${mode}: ${describeParts(parts)}`, ...serializeMultipart(parts, mode, salt) };
  });
}

const partName = (p: Part) => (p.kind === 'file' ? `${p.name}:${p.filename}` : `${p.name}=${p.value}`);
const describeParts = (parts: Part[]) =>
  parts
    .map((p) =>
      p.kind === 'file'
        ? `file ${p.name}=${JSON.stringify(p.filename).slice(0, 40)} (${p.file.label})`
        : `${p.name}=${JSON.stringify(p.value).slice(0, 30)}`,
    )
    .join(', ');

function dispositionOf(part: Part): Buffer {
  const name = `name="${part.name.replace(/"/g, '%22')}"`;
  if (part.kind === 'field') return Buffer.from(`Content-Disposition: form-data; ${name}`);
  if (part.encoding === 'rfc5987')
    return Buffer.from(`Content-Disposition: form-data; ${name}; filename*=UTF-8''${percentEncode(part.filename)}`);
  // what browsers do: the name as raw UTF-8 bytes, quotes escaped; or as latin1 bytes (not UTF-8 when it is not ASCII)
  const quoted = part.filename.replace(/"/g, '%22');
  const raw = Buffer.from(quoted, part.encoding === 'latin1' ? 'latin1' : 'utf8');
  return Buffer.concat([Buffer.from(`Content-Disposition: form-data; ${name}; filename="`), raw, Buffer.from('"')]);
}

function serializeMultipart(parts: Part[], mode: string, salt: number): { payload: Buffer; contentType: string } {
  const boundary = mode === 'boundary too long' ? `b${'x'.repeat(100)}` : `----fuzz${salt.toString(16)}`;
  const eol = mode === 'LF line ends' ? '\n' : '\r\n';
  const chunks: Buffer[] = [];
  if (mode === 'preamble and epilogue') chunks.push(Buffer.from(`preamble text${eol}`));
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}${eol}`), dispositionOf(part), Buffer.from(eol));
    if (part.kind === 'file' && part.type) chunks.push(Buffer.from(`Content-Type: ${part.type}${eol}`));
    chunks.push(Buffer.from(eol), part.kind === 'file' ? part.file.bytes : Buffer.from(part.value, 'utf8'), Buffer.from(eol));
  }
  if (mode !== 'no closing delimiter') chunks.push(Buffer.from(`--${boundary}--${eol}`));
  if (mode === 'preamble and epilogue') chunks.push(Buffer.from('epilogue'));
  let payload = mode === 'empty body' ? Buffer.alloc(0) : Buffer.concat(chunks);
  if (mode === 'truncated') payload = payload.subarray(0, salt % Math.max(1, payload.length));
  const contentType =
    mode === 'no boundary parameter'
      ? 'multipart/form-data'
      : mode === 'other boundary in body'
        ? 'multipart/form-data; boundary=somethingelse'
        : mode === 'not multipart'
          ? 'application/octet-stream'
          : `multipart/form-data; boundary=${boundary}`;
  return { payload, contentType };
}
