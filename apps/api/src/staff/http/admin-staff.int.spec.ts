import { startTestApp, TestApp } from '../../testing/test-app';

const CLERK_PASSWORD = 'Clerk-Sapphire-2031!';

describe('Staff management over HTTP', () => {
  let t: TestApp;
  let admin: string;
  const staffLogin = (username: string, password = CLERK_PASSWORD) =>
    t.request('POST', '/api/staff/login', { body: { username, password } });

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.staffToken();
  });
  afterAll(async () => {
    await t.close();
  });

  it('should let an admin add staff members, validating the input and refusing a taken e-mail', async () => {
    const res = await t.request('POST', '/api/admin/staff', {
      token: admin,
      body: { email: 'Clara@Facet.test', name: 'Clara Clerk', role: 'staff', password: CLERK_PASSWORD },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: 'clara@facet.test', name: 'Clara Clerk', role: 'staff' });
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon/i);

    const taken = await t.request('POST', '/api/admin/staff', {
      token: admin,
      body: { email: 'clara@facet.test', name: 'Other', role: 'admin', password: CLERK_PASSWORD },
    });
    expect(taken.status).toBe(409);
    for (const body of [
      { email: 'x@facet.test', name: 'X', role: 'owner', password: CLERK_PASSWORD },
      { email: 'x@facet.test', name: 'X', role: 'staff', password: 'weak' },
      { email: 'x@facet.test', name: 'X', role: 'staff', password: 'Password123!' },
      { email: 'nope', name: 'X', role: 'staff', password: CLERK_PASSWORD },
      { email: 'x@facet.test', name: 'X', role: 'staff', password: CLERK_PASSWORD, extra: 1 },
    ]) {
      expect((await t.request('POST', '/api/admin/staff', { token: admin, body })).status).toBe(400);
    }
  });

  it('should add one member when the same e-mail is added many times at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.request('POST', '/api/admin/staff', {
          token: admin,
          body: { email: 'twin@facet.test', name: `Twin ${i}`, role: 'staff', password: CLERK_PASSWORD },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const list = await t.request('GET', '/api/admin/staff?q=twin', { token: admin });
    expect(list.body.total).toBe(1);
  });

  it('should list staff with paging, search, a role filter and x-total-count', async () => {
    const all = await t.request('GET', '/api/admin/staff?sort=email&order=asc', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ page: 1, limit: 25 });
    expect(all.headers.get('x-total-count')).toBe(String(all.body.total));
    expect(all.body.items.map((m: any) => m.email)).toEqual(['admin@facet.test', 'clara@facet.test', 'twin@facet.test']);
    expect(Object.keys(all.body.items[0]).sort()).toEqual(['created_at', 'email', 'id', 'name', 'role']);
    const admins = await t.request('GET', '/api/admin/staff?role=admin', { token: admin });
    expect(admins.body.items.map((m: any) => m.email)).toEqual(['admin@facet.test']);
    const page = await t.request('GET', '/api/admin/staff?sort=email&order=asc&limit=1&page=2', { token: admin });
    expect(page.body.items.map((m: any) => m.email)).toEqual(['clara@facet.test']);
    expect((await t.request('GET', '/api/admin/staff?sort=password_hash', { token: admin })).status).toBe(400);
  });

  it('should read one member by id, as the list shows them, and answer 404 to anything else', async () => {
    const listed = (await t.request('GET', '/api/admin/staff?q=clara', { token: admin })).body.items[0];
    const one = await t.request('GET', `/api/admin/staff/${listed.id}`, { token: admin });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(listed);
    expect(JSON.stringify(one.body)).not.toMatch(/password|argon/i);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '%00', '%ED%A0%80', 'x'.repeat(3000), "1'%20OR%20'1'='1"]) {
      const status = (await t.request('GET', `/api/admin/staff/${id}`, { token: admin })).status;
      // Over 100 characters the segment never reaches the route: the router refuses it (414, documented), or,
      // where the storefront's build is served, its catch-all route finds no file (404).
      const expected = id.startsWith('%') ? [400] : id.length > 100 ? [414, 404] : [404];
      expect({ id: id.slice(0, 20), status: expected.includes(status) ? 'as expected' : status }).toEqual({
        id: id.slice(0, 20),
        status: 'as expected',
      });
    }
    expect((await t.request('GET', `/api/admin/staff/${listed.id}`)).status).toBe(401);
  });

  it('should keep staff-role members out of staff management', async () => {
    const clerk = (await staffLogin('clara@facet.test')).body.token;
    expect((await t.request('GET', '/api/staff/me', { token: clerk })).body.role).toBe('staff');
    expect((await t.request('GET', '/api/admin/staff', { token: clerk })).status).toBe(403);
    const someone = (await t.request('GET', '/api/admin/staff?q=admin', { token: admin })).body.items[0];
    expect((await t.request('GET', `/api/admin/staff/${someone.id}`, { token: clerk })).status).toBe(403);
    expect((await t.request('POST', '/api/admin/staff', { token: clerk, body: {} })).status).toBe(403);
    // ...but they may follow the customer database.
    expect((await t.request('GET', '/api/admin/customers', { token: clerk })).status).toBe(200);
  });

  it("should change a role at once, ending the member's sessions, and never one's own", async () => {
    const list = await t.request('GET', '/api/admin/staff?q=clara', { token: admin });
    const clara = list.body.items[0];
    const before = (await staffLogin('clara@facet.test')).body.token;
    const res = await t.request('PUT', `/api/admin/staff/${clara.id}`, { token: admin, body: { role: 'admin' } });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('admin');
    expect((await t.request('GET', '/api/staff/me', { token: before })).status).toBe(401);
    const after = (await staffLogin('clara@facet.test')).body.token;
    expect((await t.request('GET', '/api/admin/staff', { token: after })).status).toBe(200);

    const me = (await t.request('GET', '/api/staff/me', { token: admin })).body;
    const self = await t.request('PUT', `/api/admin/staff/${me.id}`, { token: admin, body: { role: 'staff' } });
    expect(self.status).toBe(409);
    expect((await t.request('DELETE', `/api/admin/staff/${me.id}`, { token: admin })).status).toBe(409);
    expect((await t.request('PUT', `/api/admin/staff/${clara.id}`, { token: admin, body: { role: 'boss' } })).status).toBe(400);
    expect(
      (await t.request('PUT', '/api/admin/staff/00000000-0000-4000-8000-000000000000', { token: admin, body: { role: 'staff' } })).status,
    ).toBe(404);
  });

  it('should remove a member: sessions end, sign-in fails, and the e-mail may be used again', async () => {
    const twin = (await t.request('GET', '/api/admin/staff?q=twin', { token: admin })).body.items[0];
    const session = (await staffLogin('twin@facet.test')).body.token;
    const res = await t.request('DELETE', `/api/admin/staff/${twin.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect((await t.request('GET', '/api/staff/me', { token: session })).status).toBe(401);
    expect((await staffLogin('twin@facet.test')).status).toBe(401);
    expect((await t.request('DELETE', `/api/admin/staff/${twin.id}`, { token: admin })).status).toBe(404);
    const again = await t.request('POST', '/api/admin/staff', {
      token: admin,
      body: { email: 'twin@facet.test', name: 'New Twin', role: 'staff', password: CLERK_PASSWORD },
    });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(twin.id);
  });
});
