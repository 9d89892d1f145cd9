import { finishDocument, forEachSchema } from '../platform/http/swagger';
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
  describe('Nullable values, read as strictly as OpenAPI 3.0.3 reads them', () => {
    // As @nestjs/swagger writes `@ApiProperty({ type: ImageDto, nullable: true })` and a nullable enum.
    const written = () => ({
      openapi: '3.0.0',
      info: { title: 't', version: '1' },
      paths: {
        '/api/designs/{id}': {
          get: {
            responses: {
              '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Design' } } } },
            },
          },
        },
      },
      components: {
        schemas: {
          Image: { type: 'object', required: ['mime'], properties: { mime: { type: 'string' } } },
          Design: {
            type: 'object',
            required: ['image', 'finish', 'cover', 'value'],
            properties: {
              image: { nullable: true, type: 'object', description: 'null: none sent', allOf: [{ $ref: '#/components/schemas/Image' }] },
              finish: { type: 'string', nullable: true, enum: ['matte', 'polished'] },
              cover: { $ref: '#/components/schemas/Image', nullable: true },
              value: { oneOf: [{ type: 'string' }, { type: 'number' }], nullable: true, description: 'Any value' },
            },
          },
        },
      },
    });
    const none = { image: null, finish: null, cover: null, value: null };
    const some = { image: { mime: 'image/png' }, finish: 'matte', cover: { mime: 'image/jpeg' }, value: 7 };

    it('should refuse null where nullable sits beside an allOf or a $ref, or an enum does not list it', () => {
      const c = new OpenApiConformance(written());
      expect(c.check('GET', '/api/designs/1', 200, json, some)).toBeNull();
      expect(c.check('GET', '/api/designs/1', 200, json, { ...some, image: null })).toMatch(/\/image must be object/);
      expect(c.check('GET', '/api/designs/1', 200, json, { ...some, finish: null })).toMatch(
        /\/finish must be equal to one of the allowed values/,
      );
      expect(c.check('GET', '/api/designs/1', 200, json, { ...some, cover: null })).toMatch(/\/cover must be object/);
      expect(c.check('GET', '/api/designs/1', 200, json, { ...some, value: null })).toMatch(/\/value must be string/);
    });

    it('should, once the document is finished, say null where null is answered, and still refuse what is neither', () => {
      const finished = finishDocument(written());
      const c = new OpenApiConformance(finished);
      expect(c.check('GET', '/api/designs/1', 200, json, some)).toBeNull();
      expect(c.check('GET', '/api/designs/1', 200, json, none)).toBeNull();
      expect(c.check('GET', '/api/designs/1', 200, json, { ...some, image: 'x' })).toMatch(/\/image must/);
      expect(c.check('GET', '/api/designs/1', 200, json, { ...some, image: {} })).toMatch(/\/image must/);
      expect((finished.components!.schemas!.Design as any).properties.image).toEqual({
        description: 'null: none sent',
        anyOf: [{ $ref: '#/components/schemas/Image' }, { type: 'object', nullable: true, enum: [null] }],
      });
      const left: string[] = [];
      forEachSchema(finished, (s, where) => s.nullable && (s.$ref || s.allOf || !s.type) && left.push(where));
      expect(left).toEqual([]);
    });
  });
});
