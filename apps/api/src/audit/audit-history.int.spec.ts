import { createHash, randomUUID } from 'crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { DatabaseService } from '../platform/database/database.service';
import { EventSourcing } from '../platform/event-store/event-sourcing.service';
import { EVENT_STORE, EventStore } from '../platform/event-store/event-store';
import { systemMetadata } from '../testing/event-metadata';
import { fromExportLine } from '../platform/event-store/log-export';
import { REDACTED } from '../platform/privacy/event-redaction';
import { guestSubject, guestSubjects, legacyGuestSubject } from '../platform/privacy/personal-fields';
import { LogWalk } from '../platform/event-store/log-verifier';
import { startTestApp, TestApp } from '../testing/test-app';
import { actorDisplayName } from './queries/audit-log';
import { LogVerificationJob } from './jobs/log-verification-job';
import { CatalogueRow, toCsv } from './history/record-history.service';

async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 100));
}

describe('Audit history API', () => {
  let t: TestApp;
  let admin: string;
  let productId: string;
  const times: string[] = [];
  const stream = () => `product-${productId}`;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.staffToken();
    const created = await t.request('POST', '/api/admin/products', {
      token: admin,
      body: { name: 'Timeline Solitaire', description: 'Priced twice', price: 1000, category: 'women-rings', features: ['Gold'] },
    });
    expect(created.status).toBe(201);
    productId = created.body.id;
    times.push(new Date().toISOString());
    for (const [version, price] of [1500, 2000].entries()) {
      await new Promise((r) => setTimeout(r, 30));
      const edited = await t.request('PUT', `/api/admin/products/${productId}`, {
        token: admin,
        body: { price, version, in_stock: price < 2000 },
      });
      expect(edited.status).toBe(200);
      times.push(new Date().toISOString());
    }
  });
  afterAll(async () => {
    await t.app.get(LogVerificationJob).whenIdle();
    await t.close();
  });

  describe('When asking for a product as of a moment', () => {
    it('should fold it to each price it had, with every version listed for the slider', async () => {
      const expected = [100000, 150000, 200000];
      for (const [i, at] of times.entries()) {
        const res = await t.request('GET', `/api/admin/audit/streams/${stream()}?as_of=${encodeURIComponent(at)}`, { token: admin });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ kind: 'product', revision: i, state: { status: 'listed', fields: { price_cents: expected[i] } } });
        expect(res.body.events).toHaveLength(i + 1);
        expect(res.body.versions.map((v: any) => v.revision)).toEqual(Array.from({ length: i + 1 }, (_, k) => k));
      }
      const before = await t.request('GET', `/api/admin/audit/streams/${stream()}?as_of=2000-01-01T00:00:00Z`, { token: admin });
      expect(before.body).toMatchObject({ revision: -1, state: { status: 'none', fields: null }, events: [] });
      const now = await t.request('GET', `/api/admin/audit/streams/${stream()}`, { token: admin });
      expect(now.body).toMatchObject({ as_of: null, revision: 2, state: { fields: { price_cents: 200000, in_stock: false } } });
    });

    it('should fold it to a version by its number (versions of one command share a millisecond), and refuse odd numbers', async () => {
      for (const [revision, price] of [100000, 150000, 200000].entries()) {
        const res = await t.request('GET', `/api/admin/audit/streams/${stream()}?revision=${revision}`, { token: admin });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ revision, state: { fields: { price_cents: price } } });
        expect(res.body.events).toHaveLength(revision + 1);
      }
      expect((await t.request('GET', `/api/admin/audit/streams/${stream()}?revision=-1`, { token: admin })).body).toMatchObject({
        revision: -1,
        events: [],
      });
      // A version beyond the last does not exist: 404, in the diff's words (it answered the last version).
      const beyond = await t.request('GET', `/api/admin/audit/streams/${stream()}?revision=999`, { token: admin });
      expect({ status: beyond.status, detail: beyond.body.detail }).toEqual({ status: 404, detail: 'This record has versions 0 to 2.' });
      for (const odd of ['-2', '1.5', 'abc', '1e30', '%00', '', '99999999999999999999', '0x1']) {
        const res = await t.request('GET', `/api/admin/audit/streams/${stream()}?revision=${odd}`, { token: admin });
        expect({ odd, status: res.status }).toEqual({ odd, status: 400 });
      }
      const both = await t.request('GET', `/api/admin/audit/streams/${stream()}?revision=0&as_of=${encodeURIComponent(times[0])}`, {
        token: admin,
      });
      expect(both.status).toBe(400);
    });

    it('should refuse hostile moments with 400 naming as_of, and unknown ids with 404', async () => {
      const encoded = [
        'yesterday',
        '2026-13-01T00:00:00Z',
        '2026-11-23T00:00:00Z\u0000',
        '1900-01-01T00:00:00Z',
        '2999-01-01T00:00:00Z',
        '+275760-09-13T00:00:00Z',
        'x'.repeat(5000),
        '',
      ].map(encodeURIComponent);
      // A lone surrogate cannot be percent-encoded as UTF-8 by encodeURIComponent: send its raw bytes.
      for (const bad of [...encoded, '%ED%A0%80', '2026-01-01T00:00:00Z%FF']) {
        const res = await t.request('GET', `/api/admin/audit/streams/${stream()}?as_of=${bad}`, { token: admin });
        expect([400, 414]).toContain(res.status);
        if (res.status === 400) expect(JSON.stringify(res.body)).toMatch(/as_of/);
      }
      for (const id of [`product-${randomUUID()}`, 'nothing']) {
        const res = await t.request('GET', `/api/admin/audit/streams/${id}?as_of=2026-01-01T00:00:00Z`, { token: admin });
        expect(res.status).toBe(404);
      }
      // An id over 100 characters never reaches the route: the router refuses it (414), or, where the
      // storefront's build is served, its catch-all route takes the path and finds no file (404).
      const long = await t.request('GET', `/api/admin/audit/streams/product-${'a'.repeat(300)}?as_of=2026-01-01T00:00:00Z`, {
        token: admin,
      });
      expect([
        { status: 414, detail: 'A path segment is too long (at most 100 characters).' },
        { status: 404, detail: 'Resource not found' },
      ]).toContainEqual({ status: long.status, detail: long.body.detail });
      // A NUL byte never reaches a query: the edge refuses it, naming the input.
      const nul = await t.request('GET', `/api/admin/audit/streams/product-%00?as_of=2026-01-01T00:00:00Z`, { token: admin });
      expect(nul.status).toBe(400);
    });

    it('should be for staff only', async () => {
      expect((await t.request('GET', `/api/admin/audit/streams/${stream()}?as_of=${times[0]}`)).status).toBe(401);
      expect((await t.request('GET', `/api/admin/audit/streams/${stream()}/diff?from=0&to=1`)).status).toBe(401);
      expect((await t.request('GET', `/api/admin/audit/catalogue?as_of=${times[0]}`)).status).toBe(401);
      expect((await t.request('POST', '/api/admin/audit/verification')).status).toBe(401);
    });
  });

  describe('When comparing two versions', () => {
    it('should give each changed field with before, after, who, when and why', async () => {
      const res = await t.request('GET', `/api/admin/audit/streams/${stream()}/diff?from=0&to=2`, { token: admin });
      expect(res.status).toBe(200);
      const price = res.body.changes.find((c: any) => c.field === 'fields.price_cents');
      expect(price).toMatchObject({ before: 100000, after: 200000, by: { revision: 2, type: 'ProductEdited', actor: { type: 'staff' } } });
      expect(price.by.correlation_id).toBeTruthy();
      expect(Date.parse(price.by.occurred_at)).not.toBeNaN();
      expect(res.body.changes.find((c: any) => c.field === 'fields.in_stock')).toMatchObject({ before: true, after: false });
    });

    it('should name who changed it: the staff member\'s name, "staff" once removed, "customer", "guest"', async () => {
      const clara = await t.request('POST', '/api/admin/staff', {
        token: admin,
        body: { email: 'clara.history@facet.test', name: 'Clara Historian', role: 'admin', password: 'Ledger-Keeper-2031!' },
      });
      expect(clara.status).toBe(201);
      const claraToken = (
        await t.request('POST', '/api/staff/login', { body: { username: 'clara.history@facet.test', password: 'Ledger-Keeper-2031!' } })
      ).body.token;
      const ring = await t.request('POST', '/api/admin/products', {
        token: admin,
        body: { name: 'Attributed Band', description: 'Edited by name', price: 800, category: 'women-rings', features: ['Gold'] },
      });
      expect(ring.status).toBe(201);
      const ringStream = `product-${ring.body.id}`;
      expect(
        (await t.request('PUT', `/api/admin/products/${ring.body.id}`, { token: claraToken, body: { price: 900, version: 0 } })).status,
      ).toBe(200);
      const byClara = async () =>
        (await t.request('GET', `/api/admin/audit/streams/${ringStream}/diff?from=0&to=1`, { token: admin })).body.changes[0].by.actor;
      expect(await byClara()).toEqual({ type: 'staff', id: clara.body.id, name: 'Clara Historian' });
      // The first version was the test administrator's: named too.
      const first = (await t.request('GET', `/api/admin/audit/streams/${ringStream}/diff?from=-1&to=0`, { token: admin })).body.changes[0]
        .by.actor;
      expect(first.type).toBe('staff');
      expect(first.name).toEqual(expect.any(String));
      expect(['staff', first.id]).not.toContain(first.name);

      // Removed: their name went with their personal data; the diff still says it was staff.
      expect((await t.request('DELETE', `/api/admin/staff/${clara.body.id}`, { token: admin })).status).toBe(200);
      await waitUntil(async () => (await byClara()).name === 'staff');
      expect(await byClara()).toEqual({ type: 'staff', id: clara.body.id, name: 'staff' });

      // A guest's contact message: the actor is "guest", never their name or address.
      const sent = await t.request('POST', '/api/contact', {
        body: { name: 'Gwendolyn Guestly', email: 'gwen.guestly@example.org', subject: 'Sizes', message: 'Do you resize?' },
        headers: { 'x-forwarded-for': '203.0.113.91' },
      });
      expect(sent.status).toBe(201);
      const db = t.app.get(DatabaseService);
      const projected = async () =>
        (await db.one<{ id: string }>(`SELECT id::text AS id FROM rm.contact_messages WHERE subject = 'Sizes'`))?.id ?? null;
      await waitUntil(async () => (await projected()) !== null);
      const messageId = await projected();
      const guestDiff = await t.request('GET', `/api/admin/audit/streams/contact-message-${messageId}/diff?from=-1&to=0`, { token: admin });
      expect(guestDiff.status).toBe(200);
      expect(guestDiff.body.changes.length).toBeGreaterThan(0);
      for (const c of guestDiff.body.changes) expect(c.by.actor).toEqual({ type: 'anonymous', name: 'guest' });
      // The other words, and odd shapes from old or hand-made metadata.
      const none = new Map<string, string>();
      expect(
        [{ type: 'customer', id: 'c1' }, { type: 'system' }, null, {}, { type: 'robot' }, { type: 'staff' }].map((a) =>
          actorDisplayName(a as any, none),
        ),
      ).toEqual(['customer', 'system', 'system', 'system', 'system', 'staff']);
    });

    it('should answer 400 for bad versions and 404 past the last one', async () => {
      for (const q of ['from=2&to=1', 'from=a&to=1', 'from=-2&to=1', 'from=0&to=1e99', 'from=0.5&to=1', 'to=1', 'from=0&to=%00']) {
        expect((await t.request('GET', `/api/admin/audit/streams/${stream()}/diff?${q}`, { token: admin })).status).toBe(400);
      }
      expect((await t.request('GET', `/api/admin/audit/streams/${stream()}/diff?from=0&to=9`, { token: admin })).status).toBe(404);
      expect((await t.request('GET', `/api/admin/audit/streams/product-${randomUUID()}/diff?from=0&to=1`, { token: admin })).status).toBe(
        404,
      );
    });
  });

  describe('When asking for the catalogue as of a date', () => {
    it('should replay product streams to that date, as JSON and as CSV', async () => {
      const first = await t.request('GET', `/api/admin/audit/catalogue?as_of=${encodeURIComponent(times[0])}`, { token: admin });
      expect(first.status).toBe(200);
      expect(first.body.items.find((p: any) => p.id === productId)).toMatchObject({
        name: 'Timeline Solitaire',
        price: 1000,
        in_stock: true,
        revision: 0,
      });
      const csv = await t.request('GET', `/api/admin/audit/catalogue?as_of=${encodeURIComponent(times[2])}&format=csv`, { token: admin });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
      expect(csv.body).toMatch(/^id,name,category,price,original_price,in_stock,revision,last_changed_at\r\n/);
      expect(csv.body).toContain(`${productId},Timeline Solitaire,women-rings,2000,,false,2,`);
      const none = await t.request('GET', '/api/admin/audit/catalogue?as_of=1990-01-01T00:00:00Z', { token: admin });
      expect(none.body).toEqual({ as_of: '1990-01-01T00:00:00.000Z', items: [], total: 0 });
      for (const q of ['', 'as_of=nope', 'as_of=2026-01-01T00:00:00Z&format=xlsx', 'as_of=1800-01-01T00:00:00Z']) {
        expect((await t.request('GET', `/api/admin/audit/catalogue?${q}`, { token: admin })).status).toBe(400);
      }
    });
  });

  describe('When a catalogue cell would run as a spreadsheet formula', () => {
    it('should defuse every formula start, ; and CR included, and leave numbers alone', () => {
      const names = ['=1+1', '+1', '-1', '@SUM(A1)', ';=1+1', '\t=1', '\r=1'];
      const csv = toCsv(names.map((name, i) => ({ id: `p${i}`, name, price: -5 }) as unknown as CatalogueRow));
      const cells = csv
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(',')[1]);
      expect(cells).toEqual(["'=1+1", "'+1", "'-1", "'@SUM(A1)", "';=1+1", "'\t=1", `"'\r=1"`]);
      expect(csv).toContain("p0,'=1+1,,-5,");
    });
  });

  describe('When exporting for an outside auditor', () => {
    it('should give JSON lines with hashes that the offline verifier accepts, and refuses once a byte changes', async () => {
      const res = await t.request('GET', `/api/admin/audit/export?stream=${stream()}`, { token: admin });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/ndjson/);
      const text: string = typeof res.body === 'string' ? res.body : JSON.stringify(res.body) + '\n';
      const lines = text.trim().split('\n');
      expect(lines).toHaveLength(3);
      const walk = new LogWalk(new Map(), true);
      for (const l of lines) walk.add(fromExportLine(l)!);
      expect(walk.breaks).toBe(0);

      const dir = mkdtempSync(join(tmpdir(), 'facet-export-'));
      writeFileSync(join(dir, 'good.jsonl'), text);
      writeFileSync(join(dir, 'bad.jsonl'), text.replace('"price_cents":150000', '"price_cents":150001'));
      const range = await t.request(
        'GET',
        `/api/admin/audit/export?from=${encodeURIComponent(times[0])}&to=${encodeURIComponent(new Date().toISOString())}`,
        { token: admin },
      );
      expect(range.status).toBe(200);
      writeFileSync(join(dir, 'range.jsonl'), typeof range.body === 'string' ? range.body : JSON.stringify(range.body) + '\n');

      // The same checks the offline `npm run verify-log -- --file` runs (LogWalk over fromExportLine).
      const verify = (file: string) => {
        const walkFile = new LogWalk(new Map(), true);
        for (const l of readFileSync(join(dir, file), 'utf8').trim().split('\n')) walkFile.add(fromExportLine(l)!);
        return walkFile;
      };
      expect(verify('good.jsonl').breaks).toBe(0);
      expect(verify('range.jsonl').breaks).toBe(0);
      const bad = verify('bad.jsonl');
      expect(bad.breaks).toBe(1);
      expect(bad.firstBreak).toMatchObject({ streamId: stream(), revision: 1 });
    });

    it('should answer 400 without a stream or a full range, and 404 for an unknown stream', async () => {
      for (const q of [
        '',
        'from=2026-01-01T00:00:00Z',
        `stream=${stream()}&from=2026-01-01T00:00:00Z`,
        'from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
        'from=%00&to=x',
      ]) {
        expect((await t.request('GET', `/api/admin/audit/export?${q}`, { token: admin })).status).toBe(400);
      }
      expect((await t.request('GET', `/api/admin/audit/export?stream=product-${randomUUID()}`, { token: admin })).status).toBe(404);
    });
  });

  describe("When staff look for a guest's subject", () => {
    it('should show no guest subject, keyed or bare, in any event, history, diff or export, so a guessed address cannot be matched', async () => {
      // A member could place a guest order with an address they guess, read its subject, and look for the
      // same subject among an erased guest's events: no guest subject is shown, in plain text or sealed.
      const email = 'guess.me@example.org';
      const sent = await t.request('POST', '/api/contact', {
        body: { name: 'Guessed Guest', email, subject: 'Oracle', message: 'Is my address findable?' },
        headers: { 'x-forwarded-for': '203.0.113.92' },
      });
      expect(sent.status).toBe(201);
      const db = t.app.get(DatabaseService);
      const projected = async () =>
        (await db.one<{ id: string }>(`SELECT id::text AS id FROM rm.contact_messages WHERE subject = 'Oracle'`))?.id ?? null;
      await waitUntil(async () => (await projected()) !== null);
      const stream = `contact-message-${await projected()}`;
      const digest = guestSubject(email).slice('guest:'.length);
      const stored = await db.query(`SELECT data FROM public.es_events WHERE stream_id = $1`, [stream]);
      expect(JSON.stringify(stored)).toContain(digest); // the log keeps it: projections match by it
      const shown = [
        await t.request('GET', `/api/admin/audit/events?stream=${stream}&limit=100`, { token: admin }),
        await t.request('GET', `/api/admin/audit/streams/${stream}`, { token: admin }),
        await t.request('GET', `/api/admin/audit/streams/${stream}/diff?from=-1&to=0`, { token: admin }),
        await t.request('GET', `/api/admin/audit/export?stream=${stream}`, { token: admin }),
      ];
      expect(shown.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const text = JSON.stringify(shown.map((r) => r.body));
      expect(text).not.toContain(digest);
      expect(text).not.toMatch(/guest(?::|%3A)[0-9a-f]{40}/i);
    });
  });

  describe('When the log holds erasures of older versions, naming the e-mail or its bare hash', () => {
    const EMAIL = 'Old.Erasure@Example.com';
    const bare = createHash('sha256').update(EMAIL.toLowerCase()).digest('hex');
    const needles = [EMAIL.toLowerCase(), bare, bare.slice(0, 40), guestSubject(EMAIL).slice('guest:'.length)];
    const found = (text: string) => needles.filter((n) => text.toLowerCase().includes(n));
    const customerId = randomUUID();
    const noteStream = `legacy-${randomUUID()}`;
    let staff: string;

    beforeAll(async () => {
      // What CustomerDeleted carried before: the address itself, then both guest subjects (in plain text, as
      // those versions wrote them: straight to the store, which seals nothing).
      await t.app.get<EventStore>(EVENT_STORE).appendToStream(
        `customer-${customerId}`,
        [
          {
            type: 'CustomerDeleted',
            data: {
              customer_id: customerId,
              deleted_by: 'staff',
              email: EMAIL,
              guest_subject: legacyGuestSubject(EMAIL),
              guest_subjects: guestSubjects(EMAIL),
            },
            metadata: systemMetadata(),
          },
        ],
        'any',
      );
      // A guest's event of the version before keyed subjects: the bare hash in plain text and in a sealed value's prefix.
      const legacy = legacyGuestSubject(EMAIL);
      const sealed = `pii:v1:${encodeURIComponent(legacy)}:${Buffer.alloc(12).toString('base64')}:${Buffer.alloc(16).toString('base64')}:AAAA`;
      await t.app
        .get(EventSourcing)
        .append(noteStream, [{ type: 'LegacyGuestNoted', data: { subject_id: legacy, note: sealed, kept: 'visible' } }], 'any');
      const member = await t.request('POST', '/api/admin/staff', {
        token: admin,
        body: { email: 'sam.staff@facet.test', name: 'Sam Staff', role: 'staff', password: 'Counter-Clerk-2031!' },
      });
      expect(member.status).toBe(201);
      const login = await t.request('POST', '/api/staff/login', {
        body: { username: 'sam.staff@facet.test', password: 'Counter-Clerk-2031!' },
      });
      staff = login.body.token;
      expect(staff).toBeTruthy();
    });

    it('should show neither the e-mail nor any digest of it to any role, and keep the log as it was', async () => {
      for (const token of [admin, staff]) {
        const list = await t.request('GET', '/api/admin/audit/events?type=CustomerDeleted&limit=100', { token });
        expect(list.status).toBe(200);
        const shown = list.body.items.find((e: any) => e.stream_id === `customer-${customerId}`);
        expect(shown.data).toEqual({
          customer_id: customerId,
          deleted_by: 'staff',
          email: REDACTED,
          guest_subject: REDACTED,
          guest_subjects: REDACTED,
        });
        const history = await t.request('GET', `/api/admin/audit/streams/customer-${customerId}`, { token });
        const note = await t.request('GET', `/api/admin/audit/streams/${noteStream}`, { token });
        expect(note.body.events[0].data).toEqual({ subject_id: REDACTED, note: expect.any(String), kept: 'visible' });
        expect(found(JSON.stringify([list.body, history.body, note.body]))).toEqual([]);
      }
      // Not rewritten: the projections still read what they match by.
      const stored = await t.app
        .get(DatabaseService)
        .query(`SELECT data FROM public.es_events WHERE stream_id = $1`, [`customer-${customerId}`]);
      expect(found(JSON.stringify(stored))).toEqual(expect.arrayContaining([EMAIL.toLowerCase(), bare.slice(0, 40)]));
    });

    it('should export them redacted, with the digest that keeps every link verifiable, for any role', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'facet-redacted-'));
      for (const token of [admin, staff]) {
        for (const q of [
          `stream=customer-${customerId}`,
          `stream=${noteStream}`,
          `from=${encodeURIComponent(times[0])}&to=${encodeURIComponent(new Date().toISOString())}`,
        ]) {
          const res = await t.request('GET', `/api/admin/audit/export?${q}`, { token });
          expect(res.status).toBe(200);
          const text: string = typeof res.body === 'string' ? res.body : JSON.stringify(res.body) + '\n';
          expect(found(text)).toEqual([]);
          const lines = text.trim().split('\n');
          const walk = new LogWalk(new Map(), true);
          for (const l of lines) walk.add(fromExportLine(l)!);
          expect(walk.breaks).toBe(0);
          const redacted = lines.map((l) => JSON.parse(l)).filter((l) => l.digest);
          expect(redacted.map((l) => l.stream_id)).toEqual(
            expect.arrayContaining(q.startsWith('from') ? [`customer-${customerId}`, noteStream] : [q.slice('stream='.length)]),
          );
          // Only those lines: the others are exported exactly as stored, without a digest.
          expect(redacted.every((l) => JSON.stringify(l.data).includes(REDACTED))).toBe(true);
          writeFileSync(join(dir, 'export.jsonl'), text);
        }
      }
      // A redacted line's digest is what its link is checked with: changing it breaks the link.
      const text = readFileSync(join(dir, 'export.jsonl'), 'utf8');
      const line = text.split('\n').find((l) => l.includes('"digest"'))!;
      const tampered = line.replace(/"digest":"([0-9a-f])/, (_m, c) => `"digest":"${c === '0' ? '1' : '0'}`);
      const walk = new LogWalk(new Map(), true);
      for (const l of text.replace(line, tampered).trim().split('\n')) walk.add(fromExportLine(l)!);
      expect(walk.breaks).toBe(1);
    });
  });

  describe('When staff verify the log from the console', () => {
    it('should run in the background and show the last verification', async () => {
      const started = await t.request('POST', '/api/admin/audit/verification', { token: admin });
      expect(started.status).toBe(202);
      await t.app.get(LogVerificationJob).whenIdle();
      const last = await t.request('GET', '/api/admin/audit/verification', { token: admin });
      expect(last.status).toBe(200);
      expect(last.body.last).toMatchObject({ status: 'passed', breaks: 0, first_break: null, started_by: expect.any(String) });
      expect(last.body.last.events).toBeGreaterThanOrEqual(3);
      expect((await t.app.get(DatabaseService).query('SELECT count(*)::int AS n FROM public.es_log_verifications'))[0].n).toBe(1);
    });
  });
});
