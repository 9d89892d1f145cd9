import { DatabaseService } from '../../platform/database/database.service';
import { startTestApp, TEST_ADMIN, TestApp } from '../../testing/test-app';

const PASSWORD = 'Admin-Emerald-2031!';

/** Administrators changing each other at the same moment never leave the shop without one. */
describe('The last administrator, under concurrency', () => {
  let t: TestApp;
  let lead: { id: string; email: string; password: string };
  let seq = 0;

  const login = async (email: string, password = PASSWORD) => {
    const res = await t.request('POST', '/api/staff/login', { body: { username: email, password } });
    expect(res.status).toBe(200);
    return res.body.token as string;
  };
  const admins = async (token: string) =>
    (await t.request('GET', '/api/admin/staff?role=admin&limit=100', { token })).body.items as { id: string; email: string }[];

  /** Leaves exactly `count` administrators (the lead and new ones); answers them with a session each. */
  async function exactlyAdmins(count: number): Promise<{ id: string; email: string; token: string }[]> {
    const leadToken = await login(lead.email, lead.password);
    const result = [{ id: lead.id, email: lead.email, token: leadToken }];
    for (let i = 1; i < count; i++) {
      const email = `admin${++seq}@facet.test`;
      const res = await t.request('POST', '/api/admin/staff', {
        token: leadToken,
        body: { email, name: `Admin ${seq}`, role: 'admin', password: PASSWORD },
      });
      expect(res.status).toBe(201);
      result.push({ id: res.body.id, email, token: await login(email) });
    }
    for (const other of await admins(leadToken)) {
      if (!result.some((r) => r.id === other.id)) {
        expect((await t.request('DELETE', `/api/admin/staff/${other.id}`, { token: leadToken })).status).toBe(200);
      }
    }
    expect((await admins(leadToken)).length).toBe(count);
    return result;
  }

  /** After a burst: at least one administrator is left, and they can still manage staff; they lead the next round. */
  async function expectAnAdministratorLeft(): Promise<void> {
    const rows = await t.app.get(DatabaseService).query("SELECT id, email FROM rm.staff_members WHERE role = 'admin'");
    expect(rows.length).toBeGreaterThanOrEqual(1);
    const next = rows[0];
    lead = { id: next.id, email: next.email, password: next.email === TEST_ADMIN.email ? TEST_ADMIN.password : PASSWORD };
    expect((await t.request('GET', '/api/admin/staff', { token: await login(lead.email, lead.password) })).status).toBe(200);
  }

  const expectRefusal = (res: { status: number; body: any }) => {
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/last administrator/);
  };

  beforeAll(async () => {
    t = await startTestApp();
    const token = await t.staffToken();
    const me = (await t.request('GET', '/api/staff/me', { token })).body;
    lead = { id: me.id, email: TEST_ADMIN.email, password: TEST_ADMIN.password };
  });
  afterAll(async () => {
    await t.close();
  });

  it('should refuse one of two administrators demoting each other at once', async () => {
    const [x, y] = await exactlyAdmins(2);
    const results = await Promise.all([
      t.request('PUT', `/api/admin/staff/${y.id}`, { token: x.token, body: { role: 'staff' } }),
      t.request('PUT', `/api/admin/staff/${x.id}`, { token: y.token, body: { role: 'staff' } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expectRefusal(results.find((r) => r.status === 409)!);
    await expectAnAdministratorLeft();
  });

  it('should refuse one of two administrators removing each other at once', async () => {
    const [x, y] = await exactlyAdmins(2);
    const results = await Promise.all([
      t.request('DELETE', `/api/admin/staff/${y.id}`, { token: x.token }),
      t.request('DELETE', `/api/admin/staff/${x.id}`, { token: y.token }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expectRefusal(results.find((r) => r.status === 409)!);
    await expectAnAdministratorLeft();
  });

  it('should refuse one of a demotion and a removal crossing each other', async () => {
    const [x, y] = await exactlyAdmins(2);
    const results = await Promise.all([
      t.request('PUT', `/api/admin/staff/${y.id}`, { token: x.token, body: { role: 'staff' } }),
      t.request('DELETE', `/api/admin/staff/${x.id}`, { token: y.token }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expectRefusal(results.find((r) => r.status === 409)!);
    await expectAnAdministratorLeft();
  });

  it('should keep an administrator when three remove and demote each other all at once', async () => {
    const trio = await exactlyAdmins(3);
    const burst = trio.flatMap((actor) =>
      trio
        .filter((target) => target.id !== actor.id)
        .flatMap((target) => [
          t.request('DELETE', `/api/admin/staff/${target.id}`, { token: actor.token }),
          t.request('PUT', `/api/admin/staff/${target.id}`, { token: actor.token, body: { role: 'staff' } }),
        ]),
    );
    const results = await Promise.all(burst);
    // Each answer is a success, the refusal, or (for a member already removed) 404; never a 500.
    for (const r of results) expect([200, 404, 409]).toContain(r.status);
    expect(results.some((r) => r.status === 409 && /last administrator/.test(r.body.detail))).toBe(true);
    await expectAnAdministratorLeft();
  });
});
