import fc from 'fast-check';

/** One generated request: method, path with query, headers and the raw body text (or none). */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** What kind of mutation this is, for the report. */
  kind: string;
  /** The documented route, e.g. "PUT /api/admin/products/{id}". */
  route: string;
}

export interface Operation {
  method: string;
  path: string;
  op: any;
}

/** Every documented operation of an OpenAPI document. */
export function operationsOf(doc: any): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths ?? {})) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) out.push({ method: method.toUpperCase(), path, op });
    }
  }
  return out;
}

const SQLI = [
  "' OR 1=1--",
  '1; DROP TABLE rm.products;--',
  '" OR ""="',
  "' UNION SELECT password_hash FROM rm.staff--",
  'name; DELETE FROM es_events',
];
const XSS = ['<script>window.__xss=1</script>', '<img src=x onerror=window.__xss=1>', 'javascript:alert(1)'];
const PATHS = ['../../etc/passwd', '..%2f..%2fetc%2fpasswd', '....//....//', '%00', 'C:\\Windows\\win.ini'];
/** Text PostgreSQL cannot store (NUL, lone surrogates) and text that confuses display (RTL and zero-width marks). */
const UNSTORABLE = ['\u0000', 'a\u0000b', '\ud800', '\udfff', 'a\udc00b', '\udc00\ud800', 'x\ud83d'];
const MARKS = ['\u202e', 'abc\u202edcba', '\u200f\u200e', '\u2066x\u2069', '\u200b', '\ufeff', '\u061c'];

/** An object or array nested `levels` deep (the parser refuses more than 32). */
export function nested(levels: number, kind: 'object' | 'array'): unknown {
  let v: unknown = kind === 'object' ? {} : [];
  for (let i = 1; i < levels; i++) v = kind === 'object' ? { a: v } : [v];
  return v;
}

/** Hostile scalars: wrong types, extremes, unicode, injection strings. */
export function badValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.constantFrom(-1, 0, -0, -0.0001, 1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 2 ** 32 + 1, -(2 ** 63), 0.1 + 0.2),
    fc.double({ noNaN: true }),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 60 }),
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.constantFrom(
      ...SQLI,
      ...XSS,
      ...PATHS,
      '',
      ' ',
      '\u0000',
      '\uFEFF',
      '𝔉𝔞𝔠𝔢𝔱 💎',
      'e\u0301'.repeat(50),
      'NaN',
      'Infinity',
      'true',
      '[]',
      '{}',
    ),
    fc.constantFrom(...UNSTORABLE, ...MARKS),
    fc.constantFrom(1e308, -1e308, -0),
    fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...UNSTORABLE), fc.string({ maxLength: 10 })).map((p) => p.join('')),
    fc.constantFrom<unknown>([[]], [[{}]], [[1, [2]]], [[], []], [{}, []], [null], [[[[]]]]),
    fc.tuple(fc.integer({ min: 30, max: 600 }), fc.constantFrom('object' as const, 'array' as const)).map(([n, kind]) => nested(n, kind)),
    fc.integer({ min: 10_000, max: 300_000 }).map((n) => 'x'.repeat(n)),
    fc.constant([]),
    fc.array(fc.integer(), { maxLength: 5 }),
    fc.constant({}),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
    fc.constant({ __proto__: { admin: true } }),
    fc.constant(JSON.parse('{"__proto__":{"role":"admin"},"constructor":{"prototype":{"x":1}}}')),
  );
}

function deref(doc: any, schema: any): any {
  let s = schema;
  for (let i = 0; s && s.$ref && i < 10; i++) {
    const name = String(s.$ref).split('/').pop()!;
    s = doc.components?.schemas?.[name];
  }
  if (s?.allOf?.length === 1) return deref(doc, s.allOf[0]);
  return s ?? {};
}

/** A value that fits the schema (roughly: enough to get past the type checks and reach deeper rules). */
export function validValue(doc: any, schema: any, depth = 0): fc.Arbitrary<unknown> {
  const s = deref(doc, schema);
  if (depth > 4) return fc.constant(null);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  switch (s.type) {
    case 'string':
      if (s.format === 'uuid') return fc.uuid();
      if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (s.example !== undefined) return fc.oneof(fc.constant(String(s.example)), fc.string({ maxLength: 30 }));
      return fc.string({ maxLength: 30 });
    case 'integer':
      return fc.integer({ min: s.minimum ?? 0, max: s.maximum ?? 1000 });
    case 'number':
      return fc.oneof(fc.integer({ min: s.minimum ?? 0, max: s.maximum ?? 10_000 }), fc.double({ min: 0, max: 10_000, noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(doc, s.items ?? {}, depth + 1), { maxLength: 3 });
    default: {
      const props = Object.entries<any>(s.properties ?? {});
      if (!props.length) return fc.constant({});
      const required = new Set<string>(s.required ?? []);
      const rec: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of props) rec[k] = validValue(doc, v, depth + 1);
      return fc.record(rec, { requiredKeys: [...required].filter((k) => k in rec) });
    }
  }
}

/**
 * A value that fits the schema, always the same one: every array holds one item, and every optional field is
 * there unless `requiredOnly` (then the rules between fields, like variants naming the options, have nothing to refuse).
 */
export function exampleValue(doc: any, schema: any, depth = 0, requiredOnly = false): unknown {
  const s = deref(doc, schema);
  if (depth > 6) return null;
  if (s.enum?.length) return s.enum[0];
  if (s.example !== undefined && s.type !== 'array' && s.type !== 'object') return s.example;
  switch (s.type) {
    case 'string':
      if (s.format === 'uuid') return '8a1d5e3c-4b2f-4c6d-9e7f-0a1b2c3d4e5f';
      if (s.format === 'date-time') return '2030-01-01T00:00:00.000Z';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      // The array's own example names a valid item where its items have none (paths, ids).
      return [Array.isArray(s.example) && s.example.length ? s.example[0] : exampleValue(doc, s.items ?? {}, depth + 1, requiredOnly)];
    default: {
      const required = new Set<string>(s.required ?? []);
      return Object.fromEntries(
        Object.entries<any>(s.properties ?? {})
          .filter(([k]) => !requiredOnly || required.has(k))
          .map(([k, v]) => [k, exampleValue(doc, v, depth + 1, requiredOnly)]),
      );
    }
  }
}

/** Where a field lies in a body: property names, and 0 for the first item of an array. */
export type FieldPath = (string | number)[];

/** Every array field of a schema, in objects and in the items of arrays (the body itself is [] when it is one). */
export function arrayFieldsOf(doc: any, schema: any, path: FieldPath = [], depth = 0): FieldPath[] {
  const s = deref(doc, schema);
  if (depth > 6) return [];
  if (s.type === 'array') return [path, ...arrayFieldsOf(doc, s.items ?? {}, [...path, 0], depth + 1)];
  return Object.entries<any>(s.properties ?? {}).flatMap(([k, v]) => arrayFieldsOf(doc, v, [...path, k], depth + 1));
}

/** The schema of the field at `path`. */
function schemaAt(doc: any, schema: any, path: FieldPath): any {
  let s = deref(doc, schema);
  for (const step of path) s = deref(doc, typeof step === 'number' ? s.items : s.properties?.[step]);
  return s;
}

/** A copy of `body` (of `schema`) with `value` at `path`; containers missing on the way are made with their required fields. */
export function withValueAt(doc: any, schema: any, body: unknown, path: FieldPath, value: unknown): unknown {
  if (!path.length) return value;
  const s = deref(doc, schema);
  const [step, ...rest] = path;
  const base = body ?? exampleValue(doc, s, 0, true);
  const copy: any = Array.isArray(base) ? [...base] : { ...(base as object) };
  copy[step] = withValueAt(doc, typeof step === 'number' ? s.items : s.properties?.[step], copy[step], rest, value);
  return copy;
}

/** What an array field meets: arrays and nulls inside it, alone, nested, and beside a valid item. */
export function arrayShapes(item: unknown): unknown[] {
  return [[[]], [null], [[null]], [[[]]], [[item]], [item, null], [item, []], [null, item], [item, [item]]];
}

/** The field a 400 must name for a problem at `path`: its top-level name (nested ones are items.0.field). */
export function fieldName(path: FieldPath): string {
  return path.length ? String(path[0]) : 'body';
}

/** One body per array field of the schema and shape inside it, beside the required fields only (exampleValue). */
export function arrayShapeBodies(doc: any, schema: any): { path: FieldPath; value: unknown }[] {
  const base = exampleValue(doc, schema, 0, true);
  return arrayFieldsOf(doc, schema).flatMap((path) =>
    arrayShapes((exampleValue(doc, schemaAt(doc, schema, path)) as unknown[])[0]).map((shape) => ({
      path,
      value: withValueAt(doc, schema, base, path, shape),
    })),
  );
}

/** A body derived from the schema, then broken one way: wrong type, missing field, extra field, hostile value. */
function mutatedBody(doc: any, schema: any): fc.Arbitrary<{ kind: string; value: unknown }> {
  const s = deref(doc, schema);
  const props = Object.keys(s.properties ?? {});
  const valid = validValue(doc, s);
  const field = props.length ? fc.constantFrom(...props) : fc.constant('x');
  // An array field given arrays or nulls inside it ([[]], [null], [item, []] ...), each array field of the body in turn.
  const shapes = arrayShapeBodies(doc, s);
  const arrayShape = shapes.length ? [fc.constantFrom(...shapes).map(({ value }) => ({ kind: 'array-shape', value }))] : [];
  return fc.oneof(
    valid.map((value) => ({ kind: 'schema-shaped', value })),
    ...arrayShape,
    fc.tuple(valid, field, badValue()).map(([v, f, bad]) => ({ kind: 'wrong-type', value: { ...(v as object), [f]: bad } })),
    fc.tuple(valid, field).map(([v, f]) => {
      const copy: any = { ...(v as object) };
      delete copy[f];
      return { kind: 'missing-field', value: copy };
    }),
    fc
      .tuple(valid, fc.constantFrom('role', 'price', 'status', 'id', 'is_admin', 'payment_status', 'zzz'), badValue())
      .map(([v, f, bad]) => ({
        kind: 'extra-field',
        value: { ...(v as object), [f]: bad ?? 'admin' },
      })),
    badValue().map((value) => ({ kind: 'whole-body-wrong', value })),
    fc
      .tuple(valid, field, fc.integer({ min: 2, max: 600 }), fc.constantFrom('object' as const, 'array' as const))
      .map(([v, f, n, kind]) => ({
        kind: 'deep-field',
        value: { ...(v as object), [f]: nested(n, kind) },
      })),
  );
}

const MALFORMED = [
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"a":1}}',
  "{'a':1}",
  '\u0000\u0001',
  '{"a":"\\uZZZZ"}',
  '{"a":1,}',
  '"',
  '1e999999',
  '{"__proto__":',
];

function paramValue(doc: any, p: any): fc.Arbitrary<string> {
  return fc.oneof(
    validValue(doc, p.schema ?? { type: 'string' }).map((v) => String(v)),
    badValue().map((v) => (typeof v === 'string' ? v : v === undefined ? 'undefined' : toJson(v))),
  );
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses to encode) is written as the three
 * bytes UTF-8 would give it, so the server's decoder meets it as it would from a hostile client.
 */
export function encodeLoosely(value: string): string {
  let out = '';
  for (const ch of value) {
    const cu = ch.charCodeAt(0);
    if (ch.length === 1 && cu >= 0xd800 && cu <= 0xdfff) {
      out += [0xe0 | (cu >> 12), 0x80 | ((cu >> 6) & 0x3f), 0x80 | (cu & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

/** Query values written raw: NUL, a UTF-8-encoded lone surrogate, a truncated sequence, an overlong NUL, an RTL mark. */
const RAW_QUERY_VALUES = ['%00', 'x%00y', '%ED%A0%80', '%ED%B0%80x', '%F0%9F%92', '%C0%80', '%E2%80%AE', '%FF'];

const safeHeader = (v: string) => v.replace(/[^\x20-\x7e]/g, '').slice(0, 200);

/** Requests for one operation: hostile path, query, headers and bodies, with or without a staff token. */
export function requestsFor(doc: any, { method, path, op }: Operation, token: string): fc.Arbitrary<FuzzRequest> {
  const params: any[] = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const headerParams = params.filter((p) => p.in === 'header');
  const content = op.requestBody?.content ?? {};
  const bodyType = Object.keys(content)[0];
  const route = `${method} ${path}`;

  const pathArb = fc.tuple(...pathParams.map((p) => paramValue(doc, p))).map((values) => {
    let out = path;
    pathParams.forEach((p, i) => (out = out.replace(`{${p.name}}`, encodeLoosely(values[i] || 'x'))));
    return out;
  });
  const queryArb = fc
    .tuple(
      fc.subarray(queryParams),
      fc.array(fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 })), { maxLength: 2 }),
      fc.option(
        fc.tuple(fc.constantFrom(...(queryParams.length ? queryParams.map((p) => p.name) : ['q'])), fc.constantFrom(...RAW_QUERY_VALUES)),
        { freq: 4 },
      ),
    )
    .chain(([chosen, extra, raw]) =>
      fc.tuple(...chosen.map((p) => paramValue(doc, p))).map((values) => {
        const q = new URLSearchParams();
        chosen.forEach((p, i) => q.append(p.name, values[i]));
        for (const [k, v] of extra) if (k) q.append(k, v);
        let s = q.toString();
        if (raw) s += `${s ? '&' : ''}${encodeURIComponent(raw[0])}=${raw[1]}`;
        return s ? `?${s}` : '';
      }),
    );
  const headerArb = fc.tuple(...headerParams.map((p) => paramValue(doc, p))).map((values) => {
    const h: Record<string, string> = {};
    headerParams.forEach((p, i) => (h[p.name.toLowerCase()] = safeHeader(values[i])));
    return h;
  });

  let bodyArb: fc.Arbitrary<{ kind: string; body?: string; contentType?: string }> = fc.constant({ kind: 'no-body' });
  if (bodyType) {
    const schema = content[bodyType].schema ?? {};
    bodyArb = fc.oneof(
      {
        weight: 6,
        arbitrary: mutatedBody(doc, schema).map(({ kind, value }) => ({
          kind,
          body: toJson(value),
          contentType: bodyType === 'application/x-www-form-urlencoded' ? 'application/json' : bodyType,
        })),
      },
      ...(bodyType === 'application/x-www-form-urlencoded'
        ? [
            {
              weight: 2,
              arbitrary: fc
                .dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 40 }), { maxKeys: 6 })
                .map((d) => ({ kind: 'form', body: new URLSearchParams(d).toString(), contentType: bodyType })),
            },
          ]
        : []),
      {
        weight: 1,
        arbitrary: fc.constantFrom(...MALFORMED).map((body) => ({ kind: 'malformed-json', body, contentType: 'application/json' })),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(
            fc.constantFrom(
              'text/plain',
              'application/xml',
              'multipart/form-data; boundary=x',
              'application/octet-stream',
              'image/png',
              'application/json; charset=utf-16',
              'text/html',
            ),
            fc.string({ maxLength: 200 }),
          )
          .map(([contentType, body]) => ({ kind: 'wrong-content-type', body, contentType })),
      },
      { weight: 1, arbitrary: fc.constant({ kind: 'empty-json', body: '', contentType: 'application/json' }) },
    );
  }

  return fc.tuple(pathArb, queryArb, headerArb, bodyArb, fc.boolean()).map(([p, q, h, b, withToken]) => {
    const headers: Record<string, string> = { 'x-requested-with': 'facet', ...h };
    if (withToken) headers.authorization = `Bearer ${token}`;
    if (b.contentType) headers['content-type'] = b.contentType;
    return { method, path: p + q, headers, body: b.body, kind: `${b.kind}${withToken ? '+staff' : '+anon'}`, route };
  });
}

/** JSON text of a value; unlike JSON.stringify it keeps -0 as -0. */
export function toJson(value: unknown): string {
  const text = JSON.stringify(value, (_k, v) => (Object.is(v, -0) ? '__negative_zero__' : v)) ?? 'null';
  return text.replace(/"__negative_zero__"/g, '-0');
}

/** Runs tasks with at most `limit` in flight. */
export async function pool<T, R>(items: T[], limit: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i], i);
      }
    }),
  );
  return out;
}
