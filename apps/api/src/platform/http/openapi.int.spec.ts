import { Document, Spectral } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { CatalogSeeder } from '../../catalog/seed/catalog-seeder';
import { forEachSchema } from './swagger';
import { Mailbox, login, verifiedCustomer } from '../../testing/customer-helpers';
import { startSmtpSink, SmtpSink } from '../../testing/smtp-sink';
import { startTestApp, TestApp } from '../../testing/test-app';

const SHIPPING = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '+1 (555) 010-2000',
  address: '12 Analytical Way',
  apartment: '',
  city: 'New York',
  state: 'NY',
  zip_code: '10001',
  country: 'US',
};

/** The body Swagger UI's "Try it out" starts from: each property's example, else its default, first enum value or a plain value. */
function exampleBody(doc: any, path: string): unknown {
  const content = doc.paths[path].post.requestBody.content['application/json'];
  if (content.example) return content.example;
  const build = (schema: any): unknown => {
    if (schema.$ref) return build(doc.components.schemas[schema.$ref.split('/').pop()]);
    if (schema.allOf) return build(schema.allOf[0]);
    if (schema.example !== undefined) return schema.example;
    if (schema.default !== undefined) return schema.default;
    if (schema.enum) return schema.enum[0];
    if (schema.type === 'object' || schema.properties)
      return Object.fromEntries(Object.entries<any>(schema.properties ?? {}).map(([k, v]) => [k, build(v)]));
    if (schema.type === 'array') return [build(schema.items)];
    return { string: 'string', number: 0, integer: 0, boolean: true }[schema.type as string] ?? null;
  };
  return build(content.schema);
}

/**
 * The OpenAPI document is the contract operators and attackers read: Spectral's `spectral:oas` finds nothing in
 * it, and every GET route answers, with real data, what the document says (ajv, via test-app's conformance hook).
 */
describe('The OpenAPI document', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let doc: any;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url, STAFF_EMAIL: 'atelier@facet.test' });
    await t.app.get(CatalogSeeder).seedIfEmpty();
    doc = (await t.request('GET', '/api/docs-json')).body;
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('should have no error and no warning from Spectral spectral:oas', async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as never, 'recommended']] } as never);
    const results = await spectral.run(new Document(JSON.stringify(doc), Parsers.Json, '/api/docs-json'));
    const found = results
      .filter((r) => r.severity <= 1)
      .map((r) => `${r.severity === 0 ? 'error' : 'warning'} ${r.code} ${r.path.join('.')}: ${r.message}`);
    console.log(
      `Spectral spectral:oas: ${results.filter((r) => r.severity === 0).length} errors, ${results.filter((r) => r.severity === 1).length} warnings`,
    );
    expect(found).toEqual([]);
  }, 60_000);

  it('should give every operation a summary, a description, a tag, and the shared error body on its error statuses', () => {
    const problems: string[] = [];
    let operations = 0;
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        operations++;
        const name = `${method.toUpperCase()} ${path}`;
        if (!op.summary) problems.push(`${name}: no summary`);
        if (!op.description) problems.push(`${name}: no description`);
        if (!op.tags?.length) problems.push(`${name}: no tag`);
        if (!op.responses['503']) problems.push(`${name}: no 503`);
        if (op.security?.length && (!op.responses['401'] || !op.responses['403']))
          problems.push(`${name}: signed-in route without 401/403`);
        if ((op.requestBody || op.parameters?.some((p: any) => p.in !== 'header')) && !op.responses['400'])
          problems.push(`${name}: input without 400`);
        for (const [status, response] of Object.entries<any>(op.responses)) {
          const schema = response.content?.['application/json']?.schema;
          if (
            Number(status) >= 400 &&
            !(path.startsWith('/api/health') && status === '503') &&
            schema?.$ref !== '#/components/schemas/ErrorBody'
          ) {
            problems.push(`${name} ${status}: not the shared ErrorBody`);
          }
        }
        const headers = (op.parameters ?? []).filter((p: any) => p.in === 'header').map((p: any) => p.name.toLowerCase());
        if (new Set(headers).size !== headers.length) problems.push(`${name}: a header documented twice`);
      }
    }
    expect(operations).toBeGreaterThan(60);
    expect(problems).toEqual([]);
    expect(doc.tags.length).toBeGreaterThan(10);
    expect(doc.servers.length).toBe(1);
    expect(JSON.stringify(doc.components.securitySchemes)).not.toContain('JWT');
  });

  it('should say who may call each operation as the server decides it, and show no real credential', () => {
    const wrong: string[] = [];
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        if (path.startsWith('/api/admin/')) {
          // Staff routes: "staff session" with the roles allowed, never "staff or customer".
          if (!/Needs a staff session \(role/.test(op.description) || /staff or customer/.test(op.description)) wrong.push(where);
          if (!op['x-access'] || op['x-access'].session !== 'staff' || !op['x-access'].roles.length) wrong.push(`${where} x-access`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // An administrator-only operation says so.
    expect(doc.paths['/api/admin/staff'].post.description).toContain('Needs a staff session (role admin only)');
    expect(doc.paths['/api/me'].get.description).toContain('Needs a customer session');
    const text = JSON.stringify(doc);
    expect(text).not.toContain('Facet-Admin-1985!');
    expect(text).not.toContain('admin@facet.local');
  });

  it('should document the Idempotency-Key header once, optional, on the three submit routes and the staff refund', () => {
    for (const path of ['/api/orders', '/api/contact', '/api/custom-design', '/api/admin/orders/{id}/refunds']) {
      const headers = doc.paths[path].post.parameters.filter((p: any) => p.in === 'header');
      expect(headers).toEqual([expect.objectContaining({ name: 'Idempotency-Key', required: false, schema: { type: 'string' } })]);
    }
  });

  it('should say no nullable string or number is an object with no properties', () => {
    const vague: string[] = [];
    const walk = (schema: any, where: string) => {
      if (!schema || typeof schema !== 'object') return;
      if (schema.type === 'object' && !schema.properties && !schema.additionalProperties && !schema.allOf && !schema.$ref)
        vague.push(where);
      for (const [k, v] of Object.entries<any>(schema.properties ?? {})) walk(v, `${where}.${k}`);
      if (schema.items) walk(schema.items, `${where}[]`);
    };
    for (const [name, schema] of Object.entries(doc.components.schemas)) walk(schema, name);
    expect(vague).toEqual([]);
  });

  it('should say null wherever a value may be null: no nullable beside a $ref or allOf or without a type, no $ref with siblings, null listed in a nullable enum', () => {
    const untrue: string[] = [];
    let nullableRefs = 0;
    forEachSchema(doc, (schema: any, where) => {
      if (schema.nullable && (schema.$ref || schema.allOf)) untrue.push(`${where}: nullable beside ${schema.$ref ? '$ref' : 'allOf'}`);
      if (schema.nullable && !schema.type) untrue.push(`${where}: nullable with no type beside it`);
      if (schema.$ref && Object.keys(schema).length > 1) untrue.push(`${where}: $ref with ${Object.keys(schema).join(', ')}`);
      if (schema.nullable && Array.isArray(schema.enum) && !schema.enum.includes(null)) untrue.push(`${where}: nullable enum without null`);
      const alternatives = schema.anyOf ?? schema.oneOf;
      if (alternatives?.some((a: any) => a.$ref) && alternatives.some((a: any) => a.nullable && a.enum?.length === 1 && a.enum[0] === null))
        nullableRefs++;
    });
    expect(untrue).toEqual([]);
    // The custom design's image, an order's shipment and ship-to, a product's engraving among them.
    expect(nullableRefs).toBeGreaterThanOrEqual(4);
    expect(doc.components.schemas.CustomDesignDetailDto.properties.image.anyOf).toEqual([
      { $ref: '#/components/schemas/CustomDesignImageInfoDto' },
      { type: 'object', nullable: true, enum: [null] },
    ]);
  });

  it('should answer every GET route with real data as documented (status and body)', async () => {
    const staff = await t.staffToken();
    const box = new Mailbox(sink);
    const email = await verifiedCustomer(t, box, 'conformance@example.com');
    const customer = await login(t, email);

    // Real data behind every list: an order, a consultation request, a custom design, a contact message.
    const product = (await t.request('GET', '/api/products?limit=5')).body.products.find((p: any) => p.in_stock);
    const line = { product_id: product.id, product_name: product.name, price: product.price, quantity: 1, image: product.image };
    const order = await t.request('POST', '/api/orders', {
      token: customer,
      body: {
        items: [line],
        shipping: SHIPPING,
        payment: { card_name: 'Ada Lovelace', last_4: '4242' },
        status: 'pending',
        payment_status: 'unpaid',
      },
    });
    expect(order.status).toBe(200);
    const checkout = await t.request('POST', '/api/payments/checkout/session', {
      token: customer,
      body: { origin_url: 'http://localhost:3000', order_id: order.body.order_id },
    });
    expect([checkout.status, checkout.body]).toEqual([200, expect.anything()]);
    // The request bodies Swagger UI fills in from the document's examples are accepted as they are.
    const design = await t.request('POST', '/api/custom-design', { token: customer, body: exampleBody(doc, '/api/custom-design') });
    expect([design.status, design.status === 201 ? 'ok' : design.body]).toEqual([201, 'ok']);
    const contact = await t.request('POST', '/api/contact', { body: exampleBody(doc, '/api/contact') });
    expect([contact.status, contact.status === 201 ? 'ok' : contact.body]).toEqual([201, 'ok']);
    const upload = await t.request('POST', '/api/admin/uploads', { token: staff, body: exampleBody(doc, '/api/admin/uploads') });
    expect([upload.status, upload.status === 201 ? 'ok' : upload.body]).toEqual([201, 'ok']);
    // A product with options, variants, engraving and a gallery, as the examples stand (the Swagger UI journey).
    const example = await t.request('POST', '/api/admin/products', { token: staff, body: exampleBody(doc, '/api/admin/products') });
    expect([example.status, example.status === 201 ? 'ok' : example.body]).toEqual([201, 'ok']);
    expect((await t.request('POST', '/api/admin/audit/verification', { token: staff })).status).toBe(202);
    // The same records without their optional values: a design without an image or notes, a message without a
    // phone, a consultation request (no card, no payment session).
    const bare = { ...(exampleBody(doc, '/api/custom-design') as Record<string, unknown>), design_image: null, design_notes: null };
    const bareDesign = await t.request('POST', '/api/custom-design', { token: customer, body: bare });
    expect([bareDesign.status, bareDesign.status === 201 ? 'ok' : bareDesign.body]).toEqual([201, 'ok']);
    const bareContact = await t.request('POST', '/api/contact', { body: { ...(exampleBody(doc, '/api/contact') as object), phone: null } });
    expect([bareContact.status, bareContact.status === 201 ? 'ok' : bareContact.body]).toEqual([201, 'ok']);
    const consultation = await t.request('POST', '/api/orders', {
      body: {
        items: [line],
        shipping: { ...SHIPPING, apartment: '' },
        payment: { card_name: '', last_4: '' },
        status: 'consultation_requested',
        payment_status: 'pending_consultation',
      },
    });
    expect(consultation.status).toBe(200);

    const firstId = async (list: string, key = 'id') => {
      const res = await t.request('GET', list, { token: staff });
      const items = res.body.items ?? res.body.data ?? res.body.products ?? res.body;
      return items[0][key];
    };
    const ids: Record<string, string> = {
      '/api/admin/mail/{id}': await firstId('/api/admin/mail'),
      '/api/admin/customers/{id}': await firstId('/api/admin/customers'),
      '/api/admin/custom-designs/{id}': await firstId('/api/admin/custom-designs'),
      // The documented example carries an image, so the request has one.
      '/api/admin/custom-designs/{id}/image': (await t.request('GET', '/api/admin/custom-designs', { token: staff })).body.items.find(
        (d: any) => d.has_image,
      ).id,
      '/api/admin/messages/{id}': await firstId('/api/admin/messages'),
      '/api/admin/orders/{id}': order.body.order_id,
      '/api/orders/{id}': order.body.order_id,
      '/api/products/{id}': product.id,
      '/api/products/category/{category}': product.category,
      '/api/categories/{id}': (await t.request('GET', '/api/categories')).body[0].id,
      '/api/payments/checkout/status/{sessionId}': checkout.body.session_id ?? checkout.body.id,
      '/api/payments/sandbox/checkout/{sessionId}': checkout.body.session_id ?? checkout.body.id,
      '/api/admin/audit/streams/{streamId}': `order-${order.body.order_id}`,
      '/api/admin/audit/streams/{streamId}/diff': `order-${order.body.order_id}`,
      '/api/media/{file}': upload.body.url.split('/').pop(),
    };

    // Routes whose query needs values to answer 200.
    const queries: Record<string, string> = {
      '/api/admin/audit/streams/{streamId}/diff': '?from=-1&to=0',
      '/api/admin/audit/catalogue': `?as_of=${encodeURIComponent(new Date().toISOString())}`,
      '/api/admin/audit/export': `?stream=order-${order.body.order_id}`,
      '/api/reviews': `?product_id=${product.id}`,
    };
    const conformance = await t.conformance();
    const before = conformance.violations.length;
    const skipped: string[] = [];
    let gets = 0;
    const notOk: string[] = [];
    for (const [template, item] of Object.entries<any>(doc.paths)) {
      if (!item.get) continue;
      let path = template;
      if (template.includes('{')) {
        const id = ids[template];
        if (!id) {
          skipped.push(template);
          continue;
        }
        path = template.replace(/\{[^}]+\}/, encodeURIComponent(id));
      }
      path += queries[template] ?? '';
      // Customer routes as the customer; the rest as staff (public routes ignore the token).
      const token = /\/mine$|^\/api\/me$|^\/api\/auth\/session$/.test(template)
        ? customer
        : template.startsWith('/api/staff') || template.startsWith('/api/admin')
          ? staff
          : undefined;
      const res = await t.request('GET', path, { token });
      gets++;
      if (res.status !== 200) notOk.push(`${template} ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    // Every admin detail route for every record of its list: with and without their optional values.
    let details = 0;
    for (const template of Object.keys(doc.paths).filter((p) => /^\/api\/admin\/[a-z-]+\/\{[^}]+\}$/.test(p) && doc.paths[p].get)) {
      const list = await t.request('GET', `${template.replace(/\/\{[^}]+\}$/, '')}?limit=50`, { token: staff });
      const items: any[] = list.body.items ?? list.body.data ?? list.body;
      if (!Array.isArray(items)) continue;
      for (const item of items) {
        const res = await t.request('GET', template.replace(/\{[^}]+\}/, encodeURIComponent(item.id ?? item.order_id)), { token: staff });
        details++;
        if (res.status !== 200) notOk.push(`${template} ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
    }
    expect(details).toBeGreaterThanOrEqual(8);
    const designs = (await t.request('GET', '/api/admin/custom-designs', { token: staff })).body.items as any[];
    const images = await Promise.all(
      designs.map(async (d) => (await t.request('GET', `/api/admin/custom-designs/${d.id}`, { token: staff })).body.image),
    );
    expect(images).toEqual(expect.arrayContaining([null, expect.objectContaining({ mime: 'image/png' })]));
    expect(notOk).toEqual([]);
    console.log(
      `GET routes exercised: ${gets}, admin detail answers ${details}; without data for their parameter: ${skipped.join(', ') || 'none'}`,
    );
    console.log(`responses checked against the document so far: ${conformance.checked.size} (route x status)`);
    expect(conformance.violations.slice(before)).toEqual([]);
    expect(conformance.violations).toEqual([]);
  }, 120_000);
});
