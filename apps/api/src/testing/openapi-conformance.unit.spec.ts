import { OpenApiConformance } from './openapi-conformance';

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
});
