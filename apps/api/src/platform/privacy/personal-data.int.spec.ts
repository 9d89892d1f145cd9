import { Client } from 'pg';
import { DatabaseService } from '../database/database.service';
import { startTestApp, TestApp } from '../../testing/test-app';
import { ERASED, PersonalData } from './personal-data';
import { startSealedOpener } from './sealed-opener';

describe('Personal data sealed per subject', () => {
  let t: TestApp;
  let privacy: PersonalData;
  beforeAll(async () => {
    t = await startTestApp();
    privacy = t.app.get(PersonalData);
  });
  afterAll(async () => {
    await t.close();
  });

  it('should open what was sealed, and nothing once the subject is erased', async () => {
    const sealed = await privacy.seal('guest:abc', 'Ada Lovelace');
    expect(sealed).toMatch(/^pii:v1:/);
    expect(JSON.stringify(sealed)).not.toContain('Ada');
    expect(await privacy.open(sealed)).toBe('Ada Lovelace');
    await privacy.erase('guest:abc');
    expect(await privacy.open(sealed)).toBeNull();
    expect(await privacy.open(sealed, ERASED)).toBe(ERASED);
  });

  it('should keep what an erased subject had erased when the same subject comes back with a new key', async () => {
    const before = await privacy.seal('guest:returning', { name: 'Grace', phone: '+1 512 555 0100' });
    await privacy.erase('guest:returning');
    // The same e-mail used again: the same subject, a new key.
    const after = await privacy.seal('guest:returning', { name: 'Grace H.' });
    // Another process (no cache) opens both, as a replay would.
    const fresh = new PersonalData(t.app.get(DatabaseService));
    expect(await fresh.open(before, ERASED)).toBe(ERASED);
    expect(await fresh.open(before)).toBeNull();
    expect(await fresh.open(after)).toEqual({ name: 'Grace H.' });
    expect(await fresh.openDeep({ old: before, now: after }, ERASED)).toEqual({ old: ERASED, now: { name: 'Grace H.' } });
  });

  it('should open a batch of many subjects with one key query, erased, unknown and hostile ones included', async () => {
    const events = [];
    for (let i = 0; i < 60; i++) {
      events.push({
        n: i,
        to: await privacy.seal(`guest:batch-${i}`, `person${i}@example.com`),
        shipping: await privacy.seal(`guest:batch-${i}`, { city: 'Zürich 🏔', note: 'a\u0000b' }),
        plain: ['pii-like but plain', { deep: [i] }],
      });
    }
    await privacy.erase('guest:batch-7');
    // Sealed for a subject that never had a key, and a subject id with ':' and '%' (encoded in the value).
    const stranger = 'pii:v1:guest%3Anobody:AAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAA==:AAAA';
    const odd = await privacy.seal('guest:50%:x\ud800', 'odd');
    // A fresh process: nothing cached, so every key comes from the one query.
    const fresh = new PersonalData(t.app.get(DatabaseService));
    const pool = t.app.get(DatabaseService).pool;
    const query = jest.spyOn(pool, 'query');
    const opened = await fresh.openMany([...events, { stranger, odd }], ERASED);
    expect(query).toHaveBeenCalledTimes(1);
    query.mockRestore();
    expect(opened[0]).toEqual({
      n: 0,
      to: 'person0@example.com',
      shipping: { city: 'Zürich 🏔', note: 'a\u0000b' },
      plain: events[0].plain,
    });
    expect(opened[7]).toEqual({ ...events[7], to: ERASED, shipping: ERASED });
    expect(opened[59].to).toBe('person59@example.com');
    expect(opened[60]).toEqual({ stranger: ERASED, odd: 'odd' });
    // Values without sealed strings come back as they are (no copy).
    const plain = { a: 1 };
    expect((await fresh.openMany([plain]))[0]).toBe(plain);
  });

  it('should leave text that only looks sealed as it was typed, and open under odd keys without touching the rest', async () => {
    const sealed = await privacy.seal('guest:lookalike', 'Ada');
    const [, , subject, iv, tag] = sealed!.split(':');
    // What a shopper or a staff member may type in any plain field: none of it was sealed by the shop.
    const typed = [
      'pii:v1:',
      'pii:v1:x',
      'pii:v1j:',
      `pii:v1:${subject}:${iv}`,
      `pii:v1:${subject}:AAAA:${tag}:AAAA`,
      `pii:v1j:${subject}:${iv}:AAAA:AAAA`,
    ];
    for (const text of typed) {
      expect(await privacy.open(text, ERASED)).toBe(text);
      expect(await privacy.openMany([{ name: text }], ERASED)).toEqual([{ name: text }]);
    }
    // Well formed but not sealed with this subject's key: erased, as for a key that is gone.
    expect(await privacy.open(`pii:v1:${subject}:${iv}:${tag}:AAAA`, ERASED)).toBe(ERASED);
    // A key named __proto__ stays a key; untouched parts of an opened value are the same objects.
    const items = [{ sku: 'a' }];
    const data = JSON.parse(`{"__proto__": ${JSON.stringify(sealed)}, "items": [], "deep": [{"to": ${JSON.stringify(sealed)}}]}`);
    data.items = items;
    const [opened] = await privacy.openMany([data]);
    expect(Object.getPrototypeOf(opened)).toBe(Object.prototype);
    expect(Object.keys(opened)).toEqual(['__proto__', 'items', 'deep']);
    expect(Object.getOwnPropertyDescriptor(opened, '__proto__')?.value).toBe('Ada');
    expect(opened.deep).toEqual([{ to: 'Ada' }]);
    expect(opened.items).toBe(items);
    expect(data.deep[0].to).toBe(sealed);
  });

  it("should make a new subject's key in one round trip, the same key for a burst of callers, and none after erasure for good", async () => {
    const db = t.app.get(DatabaseService);
    // A fresh process (nothing cached) sealing for a new guest: one statement, where it took four.
    const fresh = new PersonalData(db);
    const sent = jest.spyOn(Client.prototype, 'query'); // every statement of every pool's clients
    const sealed = await fresh.seal('guest:one-trip', 'Ada');
    const statements = sent.mock.calls.map(([q]) => String(typeof q === 'string' ? q : (q as { text?: string }).text));
    sent.mockRestore();
    expect(statements.filter((q) => /subject|BEGIN|COMMIT|advisory/i.test(q))).toEqual(['SELECT public.subject_key_for($1, $2) AS key']);
    expect(await new PersonalData(db).open(sealed)).toBe('Ada');

    // 20 processes at once for one new subject: one key stored, every seal opens with it.
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => new PersonalData(db).seal('guest:burst', `n${i}`)));
    expect(await db.query(`SELECT 1 FROM public.subject_keys WHERE subject_id = 'guest:burst'`)).toHaveLength(1);
    const opener = new PersonalData(db);
    expect(await Promise.all(burst.map((b) => opener.open(b)))).toEqual(Array.from({ length: 20 }, (_, i) => `n${i}`));

    // Erased for good while 20 others make its key: whichever ran after the erasure stored nothing.
    for (let round = 0; round < 5; round++) {
      const subject = `customer:gone-${round}`;
      const writers = Array.from({ length: 20 }, (_, i) => new PersonalData(db).seal(subject, `w${i}`));
      await new PersonalData(db).keys.erase(subject, true);
      await Promise.all(writers);
      expect(await db.query('SELECT 1 FROM public.subject_keys WHERE subject_id = $1', [subject])).toEqual([]);
      expect(await new PersonalData(db).open(await new PersonalData(db).seal(subject, 'late'), ERASED)).toBe(ERASED);
    }
  });

  it("should open the same in a thread of its own (the replay's opener) as here", async () => {
    const values: unknown[] = [];
    for (let i = 0; i < 40; i++) {
      values.push({
        to: await privacy.seal(`guest:thread-${i % 7}`, `person${i}@example.com`),
        shipping: await privacy.seal(`guest:thread-${i % 7}`, { city: 'Zürich 🏔', note: 'a\u0000b', n: i }),
        typed: ['pii:v1:x', 'pii:v1j:', `plain ${i}`],
      });
    }
    await privacy.erase('guest:thread-3');
    const sealed = String((values[0] as { to: string }).to);
    values.push({
      stranger: 'pii:v1:guest%3Anobody:AAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAA==:AAAA',
      tampered: `${sealed.slice(0, -4)}AAAA`,
    });
    const opener = startSealedOpener();
    try {
      const here = await new PersonalData(t.app.get(DatabaseService)).openMany(values, ERASED);
      const there = await new PersonalData(t.app.get(DatabaseService)).openMany(values, ERASED, opener.decryptMany);
      expect(there).toEqual(here);
      expect(there[3]).toEqual({ to: ERASED, shipping: ERASED, typed: ['pii:v1:x', 'pii:v1j:', 'plain 3'] });
      expect(there[8]).toMatchObject({ to: 'person8@example.com', shipping: { n: 8 } });
      expect(there[40]).toEqual({ stranger: ERASED, tampered: ERASED });
      // Many batches at once come back each to its caller.
      const batches = await Promise.all(
        [0, 1, 2, 3].map((k) => privacy.openMany(values.slice(k * 10, k * 10 + 10), ERASED, opener.decryptMany)),
      );
      expect(batches.flat()).toEqual(here.slice(0, 40));
    } finally {
      await opener.close();
    }
    // A stopped opener refuses at once instead of leaving its caller waiting.
    await expect(opener.decryptMany([sealed], [null])).rejects.toThrow(/opener/);
  });
});
