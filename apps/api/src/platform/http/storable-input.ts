import { BadInputError, DomainError } from '../domain/errors';

/**
 * What PostgreSQL cannot store, refused at the edge so that no command appends an event that a read model
 * would then fail on: a NUL character (text and jsonb refuse 0x00) and a lone UTF-16 surrogate (not
 * Unicode; jsonb refuses the escape, and UTF-8 cannot encode it). JSON.parse turns the escapes "\u0000"
 * and "\ud800" into exactly these, and query strings decode %00 into NUL.
 */
const NUL = /\u0000/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Deeper JSON is refused by the parser; the walk below stops there too. */
export const MAX_JSON_DEPTH = 32;

/**
 * No input has more elements in one array or fields in one object than this (the largest, an order, has
 * 50 lines). Validation made an error per element or unknown field: 100,000 of them in a 300 KB body took
 * 9 s and overflowed the stack (a 500), and a 16 MB body would have held the event loop for minutes.
 */
export const MAX_JSON_ELEMENTS = 1000;

export interface TextProblem {
  field: string;
  message: string;
}

/** Why a string cannot be stored, or null when it can. */
export function unstorableReason(text: string): string | null {
  if (NUL.test(text)) return 'contains a NUL character (\\u0000), which is not allowed';
  if (LONE_SURROGATE.test(text)) return 'contains an invalid character (a lone UTF-16 surrogate); send well-formed Unicode text';
  return null;
}

/** Whether an array or object has more than `max` members, without listing them all. */
function memberCountExceeds(value: object, max: number): boolean {
  if (Array.isArray(value)) return value.length > max;
  let n = 0;
  for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key) && ++n > max) return true;
  return false;
}

/** A readable name for a key that may itself be hostile. */
function keyName(key: string): string {
  return unstorableReason(key) === null ? key : JSON.stringify(key).slice(1, -1);
}

/** Every string (and object key) in a parsed value that cannot be stored, with its path like items.0.name. */
export function findUnstorableText(value: unknown, path: string, out: TextProblem[] = [], depth = 0): TextProblem[] {
  if (out.length >= 10) return out;
  if (typeof value === 'string') {
    const reason = unstorableReason(value);
    if (reason) out.push({ field: path, message: `${path} ${reason}` });
    return out;
  }
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return out;
  if (depth > MAX_JSON_DEPTH) {
    out.push({ field: path, message: `${path} is nested too deeply (at most ${MAX_JSON_DEPTH} levels)` });
    return out;
  }
  // JSON bodies are held to this before parsing (jsonShapeProblem); query strings and forms are here.
  if (memberCountExceeds(value, MAX_JSON_ELEMENTS)) {
    const what = Array.isArray(value) ? 'elements' : 'fields';
    out.push({ field: path, message: `${path} has more than ${MAX_JSON_ELEMENTS} ${what}` });
    return out;
  }
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${keyName(key)}` : keyName(key);
    const keyReason = unstorableReason(key);
    if (keyReason) out.push({ field: childPath, message: `the field name ${childPath} ${keyReason}` });
    findUnstorableText(child, childPath, out, depth + 1);
  }
  return out;
}

/** The error for a list of problems: one 400 with every field named. */
export function unstorableTextError(problems: TextProblem[]): DomainError {
  if (problems.length === 1) return new BadInputError(problems[0].message, problems[0].field);
  return new DomainError(400, problems.map((p) => p.message).join('; '), problems);
}

/** Request headers whose values are read by commands or queries are checked like any other input. */
function headerProblems(headers: Record<string, unknown>): TextProblem[] {
  const out: TextProblem[] = [];
  for (const [name, value] of Object.entries(headers)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      const reason = typeof v === 'string' ? unstorableReason(v) : null;
      if (reason) out.push({ field: `${name} header`, message: `the ${name} header ${reason}` });
    }
  }
  return out;
}

/**
 * The one check of every string that reaches a command or a query: path parameters, the query string,
 * headers and the parsed body of every /api request, before Nest routes it to a handler. Registered as a
 * Fastify preValidation hook (after the body is parsed).
 */
export function checkStorableInput(request: {
  url: string;
  params?: unknown;
  query?: unknown;
  headers?: Record<string, unknown>;
  body?: unknown;
}): void {
  if (!String(request.url).startsWith('/api')) return;
  // A problem of the whole value (no field) is named by where it came from.
  const whole = (problems: TextProblem[], field: string, name: string) =>
    problems.map((p) => (p.field ? p : { field, message: `${name} ${p.message.trim()}` }));
  const problems = [
    ...whole(findUnstorableText(request.params, ''), 'path', 'the path'),
    ...whole(findUnstorableText(request.query, ''), 'query', 'the query string'),
    ...headerProblems(request.headers ?? {}),
    ...whole(findUnstorableText(request.body, ''), 'body', 'the request body'),
  ];
  if (problems.length) throw unstorableTextError(problems.slice(0, 10));
}

/**
 * How deep a JSON text nests, counted without parsing it (brackets outside strings), so that a body
 * nested a million levels deep is refused before JSON.parse or the validators recurse into it.
 */
export function jsonDepthExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  return jsonShapeProblem(text, max) === 'depth';
}

/**
 * Whether a JSON text nests deeper than `maxDepth` or holds an array or object of more than `maxElements`
 * members (commas outside strings, per level), found in one pass before JSON.parse: parsing 5 million
 * empty objects alone takes seconds.
 */
export function jsonShapeProblem(text: string, maxDepth = MAX_JSON_DEPTH, maxElements = MAX_JSON_ELEMENTS): 'depth' | 'elements' | null {
  let depth = 0;
  let inString = false;
  const commas: number[] = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > maxDepth) return 'depth';
      commas[depth] = 0;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
    else if (c === 44 /* , */ && depth > 0 && ++commas[depth] >= maxElements) return 'elements';
  }
  return null;
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The JSON body parser: Fastify's own (it refuses __proto__ and constructor.prototype keys), behind a
 * depth limit so deep nesting is a 400 with a clear detail, never a stack overflow. It gets the raw bytes
 * (parseAs 'buffer') and refuses what is not UTF-8: decoded as a string, bad bytes silently became U+FFFD
 * (stored text the client never sent), and with a Content-Length the changed size was blamed on that header.
 */
export function depthLimitedJsonParser(
  defaultParser: (req: unknown, body: string, done: (err: Error | null, value?: unknown) => void) => void,
) {
  return (req: unknown, raw: Buffer | string, done: (err: Error | null, value?: unknown) => void): void => {
    let body: string;
    try {
      body = typeof raw === 'string' ? raw : STRICT_UTF8.decode(raw);
    } catch {
      done(new BadInputError('The request body is not valid UTF-8 text; JSON must be sent as UTF-8.'));
      return;
    }
    const shape = jsonShapeProblem(body);
    if (shape === 'depth') {
      done(new BadInputError(`The JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels of objects and arrays).`));
      return;
    }
    if (shape === 'elements') {
      done(new BadInputError(`The JSON body has an array or object of more than ${MAX_JSON_ELEMENTS} elements or fields.`));
      return;
    }
    defaultParser(req, body, (err, value) => {
      // Fastify says 'Body is not valid JSON' for every refusal, also for valid JSON it refuses for a
      // __proto__ or constructor.prototype key (prototype pollution): name that instead.
      if (err && parsesAsJson(body)) {
        done(new BadInputError('The JSON body holds a "__proto__" or "constructor.prototype" key, which is not allowed.'));
        return;
      }
      done(err, value);
    });
  };
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The form body parser, for the routes a form is posted to (the sandbox's hosted checkout page) and no
 * other: anywhere else a form body is a 415 like any other type that is not JSON. Any page on the web can
 * post a form cross-site without a preflight; accepted everywhere, it signed a visitor into an account of
 * the poster's choosing (login CSRF) and sent contact messages and sign-ups in their name.
 */
export function formParserFor(routes: readonly string[]) {
  return (req: { routeOptions?: { url?: string } }, body: string, done: (err: Error | null, value?: unknown) => void): void => {
    if (!routes.includes(req.routeOptions?.url ?? '')) {
      done(new DomainError(415, 'Unsupported content type: send JSON (Content-Type: application/json).'));
      return;
    }
    done(null, Object.fromEntries(new URLSearchParams(body)));
  };
}

/** The body's bytes as they came, kept for the routes that verify a signature over them (keepRawBodyFor). */
export const RAW_BODY = Symbol('rawBody');
export type WithRawBody = { [RAW_BODY]?: Buffer };

/**
 * Keeps the request body's bytes beside the parsed body for these routes only (a webhook's signature is over
 * the bytes, which a parse and a re-encoding would not give back), then parses as `parser` does.
 */
export function keepRawBodyFor<Req extends { routeOptions?: { url?: string } }>(
  routes: readonly string[],
  parser: (req: Req, raw: Buffer | string, done: (err: Error | null, value?: unknown) => void) => void,
) {
  return (req: Req, raw: Buffer | string, done: (err: Error | null, value?: unknown) => void): void => {
    if (routes.includes(req.routeOptions?.url ?? '')) (req as Req & WithRawBody)[RAW_BODY] = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
    parser(req, raw, done);
  };
}
