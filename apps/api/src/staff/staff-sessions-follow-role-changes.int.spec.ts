import { CommandBus } from '@nestjs/cqrs';
import { keepTrying } from '../reliability/support/keep-trying';
import { AddStaffMemberCommand } from './commands/add-staff-member.command';
import { expectEverythingProjected } from '../testing/projection-health';
import { startSmtpSink, SmtpSink } from '../testing/smtp-sink';
import { startTestApp, TestApp } from '../testing/test-app';

/** A role change or a removal reaches the sessions a sign-in was making while it happened. */
describe('Staff sessions follow a role change or a removal', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let admin: string;
  let ip = 0;
  const addr = () => `203.0.${Math.floor(++ip / 250)}.${ip % 250}`;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url });
    admin = await t.staffToken();
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  describe('When a staff sign-in races a role change or a removal', () => {
    const STAFF_PASSWORD = 'Clerk-Sapphire-2031!';
    const staffLogin = (username: string) =>
      t.request('POST', '/api/staff/login', { body: { username, password: STAFF_PASSWORD }, headers: { 'x-forwarded-for': addr() } });

    it('should leave no admin session to a member demoted while signing in', async () => {
      const email = 'raced.admin@facet.test';
      await t.app.get(CommandBus).execute(new AddStaffMemberCommand(email, 'Rae Raced', 'admin', STAFF_PASSWORD));
      await expectEverythingProjected(t);
      const id = (await t.request('GET', `/api/admin/staff?q=raced.admin`, { token: admin })).body.items[0].id as string;
      const survivors: string[] = [];
      let made = 0;
      for (let round = 0; round < 4; round++) {
        const member = keepTrying(() => staffLogin(email), 3);
        // The racing side's head start: the race is the point, so a pause, not a condition.
        await new Promise((r) => setTimeout(r, 150));
        const demoted = await t.request('PUT', `/api/admin/staff/${id}`, { token: admin, body: { role: 'staff' } });
        expect(demoted.status).toBe(200);
        const seen = await member.stop();
        const tokens = seen.filter((r) => r.status === 200).map((r) => r.body.token as string);
        made += tokens.length;
        // Demoted: no token of theirs reaches an admin-only route.
        for (const session of tokens) {
          if ((await t.request('GET', '/api/admin/staff', { token: session })).status === 200) survivors.push(session);
        }
        expect((await t.request('PUT', `/api/admin/staff/${id}`, { token: admin, body: { role: 'admin' } })).status).toBe(200);
      }
      console.log(`role change x4 under continuous sign-ins: ${made} sessions made, ${survivors.length} still admin after the demotion`);
      expect(survivors).toEqual([]);
    }, 120_000);

    it('should leave no session to a member removed while signing in', async () => {
      const survivors: string[] = [];
      let made = 0;
      for (let round = 0; round < 3; round++) {
        const email = `raced.removed.${round}@facet.test`;
        await t.app.get(CommandBus).execute(new AddStaffMemberCommand(email, 'Remy Removed', 'staff', STAFF_PASSWORD));
        await expectEverythingProjected(t);
        const id = (await t.request('GET', `/api/admin/staff?q=raced.removed.${round}`, { token: admin })).body.items[0].id as string;
        const member = keepTrying(() => staffLogin(email), 3);
        // The racing side's head start: the race is the point, so a pause, not a condition.
        await new Promise((r) => setTimeout(r, 150));
        expect((await t.request('DELETE', `/api/admin/staff/${id}`, { token: admin })).status).toBe(200);
        const seen = await member.stop();
        const tokens = seen.filter((r) => r.status === 200).map((r) => r.body.token as string);
        made += tokens.length;
        for (const session of tokens) {
          if ((await t.request('GET', '/api/admin/orders', { token: session })).status === 200) survivors.push(session);
        }
      }
      console.log(`staff removal x3 under continuous sign-ins: ${made} sessions made, ${survivors.length} still let in after`);
      expect(survivors).toEqual([]);
    }, 120_000);
  });
});
