import { inContract, OpenApiConformance, openApiStrict } from './openapi-conformance';

/** The checker itself: it must see each kind of mismatch, or a green conformance run means nothing. */
describe('OpenApiConformance', () => {
  const doc = {
    paths: {
      '/api/things/{id}': {
        get: {
          responses: {
            '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
            '404': { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } },
          },
        },
      },
      '/api/things/special': { get: { responses: { '200': { content: { 'text/csv': {} } } } } },
    },
    components: {
      schemas: {
        Thing: {
          type: 'object',
          required: ['id', 'note'],
          properties: { id: { type: 'string' }, note: { type: 'string', nullable: true }, price: { type: 'number', nullable: true } },
        },
        ErrorBody: { type: 'object', required: ['detail'], properties: { detail: { type: 'string' } } },
      },
    },
  };
  const json = 'application/json; charset=utf-8';

  it('should accept what the document says, nulls included where nullable', () => {
    const c = new OpenApiConformance(doc);
    expect(c.check('GET', '/api/things/1', 200, json, { id: '1', note: null, price: 2.5 })).toBeNull();
    expect(c.check('GET', '/api/things/1?x=1', 404, json, { detail: 'Not found' })).toBeNull();
    expect(c.check('GET', '/api/things/special', 200, 'text/csv', 'a,b')).toBeNull();
    expect(c.violations).toEqual([]);
  });

  it('should report a wrong type, a missing field, an undocumented field, an undocumented status and an unknown route', () => {
    const c = new OpenApiConformance(doc);
    expect(c.check('GET', '/api/things/1', 200, json, { id: 1, note: null })).toMatch(/\/id must be string/);
    expect(c.check('GET', '/api/things/1', 200, json, { id: '1' })).toMatch(/must have required property 'note'/);
    expect(c.check('GET', '/api/things/1', 200, json, { id: '1', note: 'x', secret: 'leak' })).toMatch(/additional properties/);
    expect(c.check('GET', '/api/things/1', 200, json, { id: '1', note: 'x', price: 'NaN' })).toMatch(/price must be number,null/);
    expect(c.check('GET', '/api/things/1', 500, json, { detail: 'boom' })).toMatch(/status 500 not documented/);
    expect(c.check('DELETE', '/api/things/1', 200, json, {})).toMatch(/route not in the document/);
    expect(c.check('GET', '/api/things/special', 200, json, { a: 1 })).toMatch(/JSON body where the document has none/);
    expect(c.violations).toHaveLength(7);
  });

  it('should name the route template, the status and the ajv error path in its message', () => {
    const c = new OpenApiConformance(doc);
    expect(c.check('GET', '/api/things/42?x=1', 200, json, { id: '42', note: 7 })).toBe(
      'GET /api/things/{id} 200: /note must be string,null {"type":["string","null"]} (schema #/components/schemas/Thing/properties/note/type)',
    );
    expect(c.check('GET', '/api/things/42', 422, json, { detail: 'no' })).toBe('GET /api/things/{id} 422: status 422 not documented');
    expect(c.violations).toEqual([
      expect.objectContaining({ method: 'GET', path: '/api/things/{id}', status: 200 }),
      { method: 'GET', path: '/api/things/{id}', status: 422, problem: 'status 422 not documented' },
    ]);
  });

  it('should check every path under /api/ except Swagger UI and the document, and nothing outside /api/', () => {
    const c = new OpenApiConformance(doc);
    for (const path of ['/api/nowhere', '/api/docs-jsonx/../things', '/api/things'])
      expect(inContract(path)).toBe(!path.startsWith('/api/docs'));
    expect(c.check('GET', '/api/nowhere', 404, json, { detail: 'Not found' })).toMatch(/route not in the document/);
    expect(c.check('GET', '/api/docs', 200, 'text/html', '<html>')).toBeNull();
    expect(c.check('GET', '/api/docs-json', 200, json, { openapi: '3.0.0' })).toBeNull();
    expect(c.check('GET', '/robots.txt', 200, 'text/plain', 'User-agent: *')).toBeNull();
    expect(c.check('GET', '/products/ring', 200, 'text/html', '<html>')).toBeNull();
    expect(inContract('/apis')).toBe(false);
  });

  it('should be strict unless OPENAPI_STRICT switches it off', () => {
    expect(openApiStrict({})).toBe(true);
    expect(openApiStrict({ OPENAPI_STRICT: '' })).toBe(true);
    expect(openApiStrict({ OPENAPI_STRICT: '1' })).toBe(true);
    expect(openApiStrict({ OPENAPI_STRICT: '0' })).toBe(false);
    expect(openApiStrict({ OPENAPI_STRICT: ' Off ' })).toBe(false);
    expect(openApiStrict({ OPENAPI_STRICT: 'false' })).toBe(false);
  });
});
