import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

/** What every error answers: the filter in http-exception.filter.ts writes exactly this. */
export const ERROR_BODY_SCHEMA = {
  type: 'object',
  description: 'Every error: a sentence for the person who sees it, and the fields at fault when the input was refused.',
  required: ['detail'],
  properties: {
    detail: { type: 'string', example: 'Please enter a valid email address' },
    errors: {
      type: 'array',
      description: 'Present on validation errors: one entry per field at fault (nested paths like items.0.quantity).',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: {
          field: { type: 'string', example: 'email' },
          message: { type: 'string', example: 'Please enter a valid email address' },
        },
      },
    },
    // POST /api/auth/verify-email answers its refusals in the shape its first clients read, around the same detail.
    success: { type: 'boolean', enum: [false], description: 'Only on e-mail verification refusals' },
    message: { type: 'string', description: 'Only on e-mail verification refusals: the same text as detail' },
  },
};

/** The tags the controllers use, declared once with what they hold; the audience is the first word. */
const TAGS: { name: string; description: string }[] = [
  { name: 'health', description: 'Public. Whether the shop and its dependencies answer (for load balancers and monitors).' },
  { name: 'catalogue', description: 'Public. Products and categories as the storefront shows them.' },
  { name: 'orders', description: "Public and account. Placing orders and consultation requests; a customer's own orders." },
  { name: 'payments', description: 'Public. Hosted checkout and the payment sandbox.' },
  { name: 'custom designs', description: "Public and account. Custom design requests; a customer's own requests." },
  { name: 'contact', description: 'Public. The contact form.' },
  { name: 'media', description: 'Public images, and staff uploads.' },
  { name: 'auth', description: 'Account. Customer registration, e-mail verification, sign-in and password reset.' },
  { name: 'account', description: "Account. The signed-in customer's profile; erasing the account." },
  { name: 'staff', description: 'Staff. Signing staff in and out (the token for "Authorize").' },
  { name: 'admin: catalogue', description: 'Staff. Editing products and uploading images.' },
  { name: 'admin: orders', description: 'Staff. Orders and consultation requests and their statuses.' },
  { name: 'admin: custom designs', description: 'Staff. Custom design requests and their statuses.' },
  { name: 'admin: messages', description: 'Staff. Contact messages.' },
  { name: 'admin: customers', description: 'Staff. Customer accounts; erasing a customer.' },
  { name: 'admin: staff', description: 'Staff (administrators). Staff accounts and roles.' },
  { name: 'admin: sign-in locks', description: 'Staff. Accounts whose sign-in is locked; administrators lift a lock.' },
  { name: 'admin: mail', description: 'Staff. The mail the shop sent (or kept without SMTP).' },
  { name: 'admin: audit', description: 'Staff. The event log, history of records, replays, queues, dashboard and log verification.' },
];

const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400': 'The input was refused (see errors)',
  '401': 'Not signed in, or the session has ended',
  '403': 'Signed in without the right to do this',
  '404': 'Not found',
  '409': 'Conflicts with the current state',
  '410': 'Gone: the person was erased',
  '413': 'The body is too large',
  '414': 'A path segment is too long (at most 100 characters)',
  '415': 'The body is not in a type this route reads (JSON)',
  '422': 'Understood but cannot be processed',
  '429': 'Too many attempts; wait as Retry-After says',
  '503': 'The shop is busy; try again as Retry-After says',
};

type Operation = {
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: unknown }[];
  requestBody?: unknown;
  security?: unknown[];
  responses: Record<
    string,
    {
      description: string;
      content?: Record<string, { schema?: unknown }>;
      headers?: Record<string, { schema?: unknown; description?: string }>;
    }
  >;
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * Completes what the decorators cannot say once for all routes: the shared error body on every error status a
 * route can answer, one spelling of each header parameter, tags and servers, and a description on every operation.
 */
export function finishDocument(document: OpenAPIObject): OpenAPIObject {
  document.components ??= {};
  document.components.schemas ??= {};
  document.components.schemas.ErrorBody = ERROR_BODY_SCHEMA;
  const used = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const op = (item as Record<string, Operation | undefined>)[method];
      if (!op) continue;
      for (const tag of (op as { tags?: string[] }).tags ?? []) used.add(tag);
      op.parameters = oneSpellingPerHeader(op.parameters ?? []);
      if (op.parameters.length === 0) delete op.parameters;
      const statuses = new Set(['503']);
      // A JSON body, a query or a path parameter is validated: 400 with the fields at fault.
      if (op.requestBody || op.parameters?.some((p) => p.in === 'query' || p.in === 'path')) statuses.add('400');
      if (op.security?.length) statuses.add('401').add('403');
      // Any write signed in by the session cookie without X-Requested-With is refused (auth.guard.ts), public routes too.
      if (method !== 'get') statuses.add('403');
      // The router refuses a path segment over 100 characters before the route sees it (client-error.ts).
      if (op.parameters?.some((p) => p.in === 'path')) statuses.add('404').add('414');
      // A body too large, or of a type the API does not parse (text/plain, XML), is refused before validation.
      if (op.requestBody) statuses.add('413').add('415');
      // A key reused with a different body is refused.
      if (op.parameters?.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key')) statuses.add('409');
      for (const status of Object.keys(op.responses)) if (ERROR_DESCRIPTIONS[status]) statuses.add(status);
      for (const status of statuses) {
        const existing = op.responses[status];
        if (existing?.content && !(path.startsWith('/api/health') && status === '503')) {
          existing.content = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } };
        } else if (!existing) {
          op.responses[status] = {
            description: status === '403' && method !== 'get' ? forbiddenWrite(Boolean(op.security?.length)) : ERROR_DESCRIPTIONS[status],
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
          };
        } else if (!existing.content) {
          existing.content = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } };
        }
      }
      for (const response of Object.values(op.responses)) {
        for (const header of Object.values(response.headers ?? {})) header.schema ??= { type: 'integer' };
      }
      const access = describeAccess(op);
      if (!op.description) op.description = op.summary ? `${op.summary}. ${access}` : access;
      else if (op.security?.length && !op.description.includes(access)) op.description = `${op.description}\n\n${access}`;
    }
  }
  forEachSchema(document, nullableValues);
  document.tags = TAGS.filter((t) => used.has(t.name));
  for (const name of used) if (!TAGS.some((t) => t.name === name)) document.tags.push({ name, description: name });
  document.servers = [{ url: '/', description: 'This shop (the API is under /api)' }];
  return document;
}

/** OpenAPI 3.0's way to say "null" and nothing else (nullable adds null only to a type in the same schema). */
const nullOnly = () => ({ type: 'object', nullable: true, enum: [null] });

/**
 * A nullable property of a DTO type comes out of @nestjs/swagger as `{nullable, type: object, allOf: [$ref]}`,
 * which says an object: since OpenAPI 3.0.3, `nullable` adds null to the `type` beside it, and the referenced
 * schema inside `allOf` still refuses null (strict validators fail `"image": null`). It becomes
 * `anyOf: [$ref, null]`, keeping its description; a nullable enum lists null, and a nullable `oneOf`/`anyOf`
 * with no type beside it has null as one more alternative.
 */
export function nullableValues(schema: SchemaObject): void {
  if (schema.nullable !== true) return;
  // Likewise an enum refuses what it does not list, null too.
  // (A copy: the enum's list may be shared, a constant of the contracts among them.)
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...(schema.enum as unknown[]), null];
  // Alternatives with no type beside them: nullable adds nothing there; null becomes one of them.
  const alternatives = !schema.type && (['anyOf', 'oneOf'] as const).find((k) => Array.isArray(schema[k]));
  if (alternatives) {
    delete schema.nullable;
    schema[alternatives] = [...(schema[alternatives] as unknown[]), nullOnly()];
    return;
  }
  const refs = schema.$ref ? [{ $ref: schema.$ref }] : Array.isArray(schema.allOf) && schema.allOf.length === 1 ? schema.allOf : null;
  if (!refs || !(refs[0] as SchemaObject).$ref) return;
  for (const key of ['nullable', 'type', 'allOf', '$ref']) delete schema[key];
  schema.anyOf = [refs[0], nullOnly()];
}

type SchemaObject = Record<string, unknown>;

/** Calls `visit` on every schema of the document (components, parameters, bodies, responses), outermost first. */
export function forEachSchema(document: OpenAPIObject, visit: (schema: SchemaObject, where: string) => void): void {
  const walk = (schema: unknown, where: string): void => {
    if (!schema || typeof schema !== 'object') return;
    const s = schema as SchemaObject;
    visit(s, where);
    for (const [p, child] of Object.entries((s.properties as Record<string, unknown> | undefined) ?? {})) walk(child, `${where}.${p}`);
    if (s.items) walk(s.items, `${where}[]`);
    if (s.additionalProperties && typeof s.additionalProperties === 'object') walk(s.additionalProperties, `${where}{}`);
    for (const k of ['allOf', 'anyOf', 'oneOf'] as const) {
      if (Array.isArray(s[k])) (s[k] as unknown[]).forEach((child, i) => walk(child, `${where}.${k}[${i}]`));
    }
  };
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) walk(schema, name);
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const op = (item as Record<string, Operation | undefined>)[method];
      if (!op) continue;
      const where = `${method.toUpperCase()} ${path}`;
      for (const p of op.parameters ?? []) walk(p.schema, `${where} ${p.in} ${p.name}`);
      const body = op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined;
      for (const [type, c] of Object.entries(body?.content ?? {})) walk(c.schema, `${where} body ${type}`);
      for (const [status, r] of Object.entries(op.responses)) {
        for (const [type, c] of Object.entries(r.content ?? {})) walk(c.schema, `${where} ${status} ${type}`);
      }
    }
  }
}

/** A write's 403: besides a missing right, the session cookie's rule against cross-site forms. */
function forbiddenWrite(signedIn: boolean): string {
  const csrf = 'a write sent with the session cookie but without the X-Requested-With header (as a cross-site form would be)';
  return signedIn ? `${ERROR_DESCRIPTIONS['403']}, or ${csrf}` : csrf.charAt(0).toUpperCase() + csrf.slice(1);
}

/** Who may call an operation, from the access rule its decorator recorded (auth.decorators.ts, `x-access`). */
function describeAccess(op: Operation): string {
  if (!op.security?.length) return 'Public: no session needed.';
  const how = 'a bearer token from a login route, or the session cookie';
  const rule = (op as Operation & { 'x-access'?: { session: string; roles?: string[] } })['x-access'];
  switch (rule?.session) {
    case 'staff': {
      const roles = rule.roles ?? [];
      const who = roles.length === 1 && roles[0] === 'admin' ? 'role admin only' : `roles ${roles.join(' or ')}`;
      return `Needs a staff session (${who}): ${how}. Customers get 403.`;
    }
    case 'customer':
      return `Needs a customer session: ${how}.`;
    default:
      return `Needs a staff or customer session: ${how}.`;
  }
}

/**
 * `@Headers('idempotency-key')` documents a required lower-case header next to the `@ApiHeader` one: keep the
 * described one (optional), once, so Swagger UI does not demand a header the server does not need.
 */
function oneSpellingPerHeader(parameters: NonNullable<Operation['parameters']>): NonNullable<Operation['parameters']> {
  const byName = new Map<string, (typeof parameters)[number]>();
  const rest: typeof parameters = [];
  for (const p of parameters) {
    if (p.in !== 'header') {
      rest.push(p);
      continue;
    }
    const key = p.name.toLowerCase();
    const seen = byName.get(key);
    if (!seen || (!seen.description && p.description)) byName.set(key, { ...p, required: false, schema: p.schema ?? { type: 'string' } });
  }
  return [...rest, ...byName.values()];
}

export function buildDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Facet API')
    .setDescription(
      'The API of Facet, the fine-jewelry and diamond shop. Public routes serve the storefront; /api/me and /api/orders/mine need a ' +
        'customer session; /api/admin routes need a staff session: POST /api/staff/login, then put the returned token in ' +
        '"Authorize" (bearer), or use the session cookie. Every error answers `{detail, errors[]}` (ErrorBody). ' +
        'Send `X-Correlation-Id` (a UUID, or a W3C traceparent `00-<trace-id>-<parent-id>-<flags>`, whose trace-id is taken ' +
        'written as a UUID) to have the events of a request, and of the mails and payments it causes, recorded under that id; ' +
        'any other value is replaced by a fresh UUID. Every answer names the id used in its own X-Correlation-Id header, and ' +
        'GET /api/admin/audit/events?correlation_id= finds them.',
    )
    .setVersion('1.0')
    // The tokens are random opaque strings kept server-side, not JWTs.
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'opaque',
        description: 'The token from POST /api/staff/login or /api/auth/login (an opaque random string)',
      },
      'bearer',
    )
    .addCookieAuth('facet_session', { type: 'apiKey', in: 'cookie', name: 'facet_session' }, 'session')
    .build();
  return finishDocument(SwaggerModule.createDocument(app, config));
}

/** Swagger UI at /api/docs and the OpenAPI JSON at /api/docs-json; the session cookie or a bearer token work there. */
export function setUpSwagger(app: INestApplication): void {
  const document = buildDocument(app);
  SwaggerModule.setup('api/docs', app, document, {
    jsonDocumentUrl: 'api/docs-json',
    customSiteTitle: 'Facet API',
    swaggerOptions: {
      persistAuthorization: true,
      // The session cookie is refused on writes without this header (CSRF guard, auth.guard.ts); the page is same-origin,
      // so "Try it out" works with the cookie as well as with a bearer token from "Authorize".
      requestInterceptor: (request: { headers: Record<string, string> }) => {
        request.headers['X-Requested-With'] = 'swagger-ui';
        return request;
      },
    },
  });
}
