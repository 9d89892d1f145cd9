import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** One response that does not match the OpenAPI document. */
export interface Violation {
  method: string;
  path: string;
  status: number;
  problem: string;
}

type Schema = Record<string, any>;

/**
 * OpenAPI 3.0 schemas to JSON Schema for ajv, as strictly as OpenAPI 3.0.3 reads them: `nullable` adds null
 * to the `type` beside it and to nothing else (a `$ref` or `allOf` beside it must still accept null, and a
 * `$ref`'s siblings are ignored), references point into the document registered as `openapi`, and objects
 * that list their properties refuse others, so a field the document does not mention is a mismatch too.
 */
function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const s = schema as Schema;
  if (typeof s.$ref === 'string') return { $ref: s.$ref.replace('#/components/schemas/', 'openapi#/components/schemas/') };
  const out: Schema = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === 'nullable' || k === 'example' || k === 'examples' || k === 'xml' || k === 'externalDocs' || k === 'deprecated') continue;
    if (k === 'properties') out.properties = Object.fromEntries(Object.entries(v as Schema).map(([p, ps]) => [p, toJsonSchema(ps)]));
    else out[k] = toJsonSchema(v);
  }
  if (out.type === 'object' && out.properties && out.additionalProperties === undefined && !out.allOf) out.additionalProperties = false;
  // Without a type beside it, nullable adds nothing; an enum still refuses a null it does not list (OpenAPI 3.0.3).
  if (s.nullable && out.type) return { ...out, type: [out.type, 'null'] };
  return out;
}

/**
 * Which responses the check covers. Everything under /api/ is the JSON API and the document must describe it,
 * including hostile requests and unknown routes under /api/. Left out, because the document rightly does not
 * describe them: /api/docs and /api/docs-json (Swagger UI and the document itself, served by @nestjs/swagger),
 * and every path outside /api/ (storefront HTML, robots.txt, sitemap, static files of the storefront and console).
 */
export function inContract(path: string): boolean {
  return path.startsWith('/api/') && !(path === '/api/docs' || path.startsWith('/api/docs/') || path.startsWith('/api/docs-json'));
}

/** Strict unless switched off: OPENAPI_STRICT=0 (or false/off) records mismatches without failing, for local experiments. */
export function openApiStrict(env: Record<string, string | undefined> = process.env): boolean {
  return !['0', 'false', 'off'].includes((env.OPENAPI_STRICT ?? '').trim().toLowerCase());
}

export class OpenApiConformance {
  private readonly ajv = new Ajv({ strict: false, allErrors: false });
  private readonly routes: { method: string; pattern: RegExp; template: string; params: number; operation: Schema }[] = [];
  private readonly compiled = new Map<string, ValidateFunction>();
  readonly violations: Violation[] = [];
  /** "METHOD template status" of every response checked, to count what the tests covered. */
  readonly checked = new Set<string>();

  constructor(document: Schema) {
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: 'openapi', components: { schemas: toJsonSchema(document.components?.schemas ?? {}) } });
    for (const [template, item] of Object.entries(document.paths as Record<string, Schema>)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!['get', 'put', 'post', 'delete', 'patch'].includes(method)) continue;
        const pattern = new RegExp('^' + template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+') + '$');
        this.routes.push({ method: method.toUpperCase(), pattern, template, params: (template.match(/\{/g) ?? []).length, operation });
      }
    }
    // A literal segment wins over a parameter: /api/products/random before /api/products/{id}.
    this.routes.sort((a, b) => a.params - b.params);
  }

  /** The documented operation for a request, or undefined when the path is not in the document. */
  find(method: string, url: string): { template: string; operation: Schema } | undefined {
    const path = url.split('?')[0];
    return this.routes.find((r) => r.method === method.toUpperCase() && r.pattern.test(path));
  }

  /** Checks one response; returns the problem (also kept in `violations`) or null. */
  check(method: string, url: string, status: number, contentType: string | null, body: unknown): string | null {
    const path = url.split('?')[0];
    const route = this.find(method, url);
    if (!inContract(path)) return null;
    if (!route) return this.fail(method, path, status, 'route not in the document');
    const response = route.operation.responses?.[String(status)] ?? route.operation.responses?.default;
    if (!response) return this.fail(method, route.template, status, `status ${status} not documented`);
    this.checked.add(`${method.toUpperCase()} ${route.template} ${status}`);
    const json = response.content?.['application/json'];
    if (!contentType?.includes('application/json')) {
      if (json && body !== null && body !== '' && !Object.keys(response.content).some((t) => contentType?.includes(t.split(';')[0]))) {
        return this.fail(method, route.template, status, `answered ${contentType}, documented ${Object.keys(response.content).join(', ')}`);
      }
      return null;
    }
    if (!json?.schema) {
      if (body === null || body === '') return null;
      return this.fail(method, route.template, status, 'JSON body where the document has none');
    }
    const key = `${method} ${route.template} ${status}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(toJsonSchema(json.schema) as Schema);
      this.compiled.set(key, validate);
    }
    if (validate(body)) return null;
    const e = validate.errors![0];
    const params = e.params && Object.keys(e.params).length ? ' ' + JSON.stringify(e.params) : '';
    return this.fail(
      method,
      route.template,
      status,
      `${e.instancePath || '(body)'} ${e.message}${params} (schema ${e.schemaPath.replace(/^openapi#/, '#')})`,
    );
  }

  private fail(method: string, path: string, status: number, problem: string): string {
    this.violations.push({ method: method.toUpperCase(), path, status, problem });
    return `${method.toUpperCase()} ${path} ${status}: ${problem}`;
  }
}
