import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { ACCESS_METADATA, AccessRule } from '../../platform/auth/auth.decorators';
import { startSmtpSink, SmtpSink } from '../../testing/smtp-sink';
import { startTestApp, TestApp } from '../../testing/test-app';
import { login, Mailbox, verifiedCustomer } from '../../testing/customer-helpers';

interface Route {
  method: string;
  path: string;
  url: string;
  adminOnly: boolean;
}

const ANY_ID = '00000000-0000-4000-8000-000000000000';

/** The access rule each route declares, keyed like the OpenAPI document: "GET /api/admin/staff/{id}". */
function declaredRules(t: TestApp): Map<string, AccessRule | undefined> {
  const discovery = t.app.get(DiscoveryService);
  const reflector = t.app.get(Reflector);
  const rules = new Map<string, AccessRule | undefined>();
  for (const wrapper of discovery.getControllers()) {
    const type = wrapper.metatype as any;
    if (!type?.prototype) continue;
    const prefixes = [].concat(Reflect.getMetadata(PATH_METADATA, type) ?? '');
    for (const name of Object.getOwnPropertyNames(type.prototype)) {
      // Read the descriptor: touching a getter (e.g. one that reads injected config) on the bare prototype throws.
      const handler = Object.getOwnPropertyDescriptor(type.prototype, name)?.value;
      if (typeof handler !== 'function' || name === 'constructor') continue;
      const method = Reflect.getMetadata(METHOD_METADATA, handler);
      if (method === undefined) continue;
      const paths = [].concat(Reflect.getMetadata(PATH_METADATA, handler) ?? '');
      const rule = reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_METADATA, [handler, type]);
      for (const prefix of prefixes) {
        for (const path of paths) {
          const full = `/api/${prefix}/${path}`
            .replace(/\/+/g, '/')
            .replace(/\/$/, '')
            .replace(/:([A-Za-z0-9_]+)/g, '{$1}');
          rules.set(`${RequestMethod[method]} ${full}`, rule);
        }
      }
    }
  }
  return rules;
}

describe('Access to every /api/admin route', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let routes: Route[];
  const tokens: Record<'customer' | 'staff' | 'admin', string> = { customer: '', staff: '', admin: '' };

  const call = (r: Route, token?: string) =>
    t.request(r.method, r.url, { token, body: ['POST', 'PUT', 'PATCH'].includes(r.method) ? {} : undefined });

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url });
    tokens.admin = await t.staffToken();
    const box = new Mailbox(sink);
    tokens.customer = await login(t, await verifiedCustomer(t, box, 'shopper@example.com'));
    const clerk = await t.request('POST', '/api/admin/staff', {
      token: tokens.admin,
      body: { email: 'clerk@facet.test', name: 'Clerk', role: 'staff', password: 'Clerk-Sapphire-2031!' },
    });
    expect(clerk.status).toBe(201);
    tokens.staff = (
      await t.request('POST', '/api/staff/login', { body: { username: 'clerk@facet.test', password: 'Clerk-Sapphire-2031!' } })
    ).body.token;

    const doc = (await t.request('GET', '/api/docs-json')).body;
    const rules = declaredRules(t);
    routes = [];
    for (const [path, operations] of Object.entries<any>(doc.paths)) {
      if (!path.startsWith('/api/admin')) continue;
      for (const method of Object.keys(operations)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const key = `${method.toUpperCase()} ${path}`;
        expect(rules.has(key) ? key : `no controller route for ${key}`).toBe(key);
        const rule = rules.get(key);
        // No rule under /api/admin means admin only (the guard fails closed).
        const adminOnly = !rule || (rule.kind === 'staff' && rule.roles.length > 0 && !rule.roles.includes('staff'));
        routes.push({ method: method.toUpperCase(), path, url: path.replace(/\{[^}]+\}/g, ANY_ID), adminOnly });
      }
    }
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('should find the admin routes in the OpenAPI document, with staff management and customer deletion admin-only', () => {
    expect(routes.length).toBeGreaterThanOrEqual(12);
    const keys = (only: boolean) => routes.filter((r) => r.adminOnly === only).map((r) => `${r.method} ${r.path}`);
    expect(keys(true)).toEqual(
      expect.arrayContaining([
        'GET /api/admin/staff',
        'POST /api/admin/staff',
        'PUT /api/admin/staff/{id}',
        'DELETE /api/admin/staff/{id}',
        'DELETE /api/admin/customers/{id}',
        'DELETE /api/admin/clear-inventory',
      ]),
    );
    expect(keys(false)).toEqual(expect.arrayContaining(['GET /api/admin/customers', 'GET /api/admin/customers/{id}']));
  });

  it('should answer 401 without a session', async () => {
    for (const r of routes) expect(`${r.method} ${r.path} ${(await call(r)).status}`).toBe(`${r.method} ${r.path} 401`);
  });

  it('should answer 403 to a customer session', async () => {
    for (const r of routes) expect(`${r.method} ${r.path} ${(await call(r, tokens.customer)).status}`).toBe(`${r.method} ${r.path} 403`);
  });

  it('should answer 403 to a staff-role session on admin-only routes, and let it through elsewhere', async () => {
    const wrong: string[] = [];
    for (const r of routes) {
      const status = (await call(r, tokens.staff)).status;
      const denied = status === 401 || status === 403;
      if (r.adminOnly ? status !== 403 : denied) wrong.push(`${r.method} ${r.path} answered ${status}`);
    }
    expect(wrong).toEqual([]);
    expect(routes.some((r) => !r.adminOnly)).toBe(true);
  });

  it('should let an admin session through everywhere', async () => {
    // Destructive routes last, so earlier calls see the data.
    const ordered = [...routes].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    const wrong: string[] = [];
    for (const r of ordered) {
      const status = (await call(r, tokens.admin)).status;
      if (status === 401 || status === 403) wrong.push(`${r.method} ${r.path} answered ${status}`);
    }
    expect(wrong).toEqual([]);
  });
});
