import { DatabaseService } from '../../platform/database/database.service';
import { RunnersService } from '../../platform/projections/runners.service';
import { expectEverythingProjected } from '../../testing/projection-health';
import { startTestApp, TestApp } from '../../testing/test-app';

const FIRST = 'Clerk-Sapphire-2031!';
const SET_BY_ADMIN = 'Garnet-Cabochon-2032!';
const CHOSEN = 'Opal-Doublet-2033!';
const HOSTILE = ['Abc-1985!\u0000x', 'Abc-1985!\ud800x', `Aa1!${'x'.repeat(10_240)}`, '', 'weak', 'Password123!', 42, null];

describe('Staff passwords: set by an administrator, or changed by the member', () => {
  let t: TestApp;
  let admin: string;
  let clerkId: string;
  const login = (password: string) => t.request('POST', '/api/staff/login', { body: { username: 'clerk@facet.test', password } });

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.staffToken();
    const added = await t.request('POST', '/api/admin/staff', {
      token: admin,
      body: { email: 'clerk@facet.test', name: 'Clara Clerk', role: 'staff', password: FIRST },
    });
    expect(added.status).toBe(201);
    clerkId = added.body.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it("should let an administrator set a member's new password: sessions end, the old one stops working, the audit shows no password", async () => {
    const session = (await login(FIRST)).body.token;
    const path = `/api/admin/staff/${clerkId}/password`;
    for (const password of HOSTILE) {
      const res = await t.request('PUT', path, { token: admin, body: { password } });
      expect({ password: String(password).slice(0, 12), status: res.status }).toEqual({
        password: String(password).slice(0, 12),
        status: 400,
      });
    }
    expect((await t.request('PUT', path, { token: admin, body: { password: SET_BY_ADMIN, extra: 1 } })).status).toBe(400);
    expect((await t.request('PUT', path, { token: session, body: { password: SET_BY_ADMIN } })).status).toBe(403);
    expect((await t.request('PUT', path, { body: { password: SET_BY_ADMIN } })).status).toBe(401);
    const me = (await t.request('GET', '/api/staff/me', { token: admin })).body;
    const self = await t.request('PUT', `/api/admin/staff/${me.id}/password`, { token: admin, body: { password: SET_BY_ADMIN } });
    expect(self.status).toBe(409);
    expect(self.body.detail).toMatch(/your own password/);
    expect(
      (
        await t.request('PUT', '/api/admin/staff/00000000-0000-4000-8000-000000000000/password', {
          token: admin,
          body: { password: SET_BY_ADMIN },
        })
      ).status,
    ).toBe(404);
    // Nothing refused changed anything.
    expect((await t.request('GET', '/api/staff/me', { token: session })).status).toBe(200);

    const res = await t.request('PUT', path, { token: admin, body: { password: SET_BY_ADMIN } });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect((await t.request('GET', '/api/staff/me', { token: session })).status).toBe(401);
    expect((await login(FIRST)).status).toBe(401);
    expect((await login(SET_BY_ADMIN)).status).toBe(200);

    const history = await t.request('GET', `/api/admin/audit/streams/staff-${clerkId}`, { token: admin });
    expect(history.status).toBe(200);
    const text = JSON.stringify(history.body);
    expect(text).toContain('StaffPasswordChanged');
    expect(text).not.toContain(SET_BY_ADMIN);
    expect(text).not.toMatch(/argon2/);
  });

  it('should let a member change their own password with the current one, and ending their sessions', async () => {
    const session = (await login(SET_BY_ADMIN)).body.token;
    const path = '/api/staff/me/password';
    const wrong = await t.request('PUT', path, { token: session, body: { current_password: 'Not-It-1985!', password: CHOSEN } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: 'current_password', message: 'The current password is not right.' }]);
    for (const password of HOSTILE) {
      const res = await t.request('PUT', path, { token: session, body: { current_password: SET_BY_ADMIN, password } });
      expect(res.status).toBe(400);
    }
    for (const current of ['\u0000', '\ud800', 'x'.repeat(10_240)]) {
      expect((await t.request('PUT', path, { token: session, body: { current_password: current, password: CHOSEN } })).status).toBe(400);
    }
    expect((await t.request('PUT', path, { body: { current_password: SET_BY_ADMIN, password: CHOSEN } })).status).toBe(401);
    expect((await t.request('GET', '/api/staff/me', { token: session })).status).toBe(200);

    const res = await t.request('PUT', path, { token: session, body: { current_password: SET_BY_ADMIN, password: CHOSEN } });
    expect(res.status).toBe(200);
    expect((await t.request('GET', '/api/staff/me', { token: session })).status).toBe(401);
    expect((await login(SET_BY_ADMIN)).status).toBe(401);
    expect((await login(CHOSEN)).status).toBe(200);
    // An administrator changes their own the same way.
    const adminRes = await t.request('PUT', path, {
      token: admin,
      body: { current_password: 'Test-Admin-1985!', password: 'Admin-Tourmaline-2034!' },
    });
    expect(adminRes.status).toBe(200);
  });

  it('should throttle guesses at the current password', async () => {
    const session = (await login(CHOSEN)).body.token;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (
          await t.request('PUT', '/api/staff/me/password', {
            token: session,
            body: { current_password: `Guess-${i}-1985!`, password: CHOSEN },
          })
        ).status,
      );
    }
    // Five wrong tries a minute in all (one was made above), then 429.
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429, 429]);
  });

  it('should project every password change and rebuild the same staff rows on replay', async () => {
    await expectEverythingProjected(t);
    const db = t.app.get(DatabaseService);
    const before = await db.query('SELECT id, email, name, role, password_hash FROM rm.staff_members ORDER BY id');
    const result = await t.app.get(RunnersService).replay({ compare: true });
    expect(result.parked).toBe(0);
    expect(Object.entries(result.differences ?? {}).filter(([, n]) => n > 0)).toEqual([]);
    expect(await db.query('SELECT id, email, name, role, password_hash FROM rm.staff_members ORDER BY id')).toEqual(before);
  }, 120_000);
});
