import { randomUUID } from 'crypto';
import { CatalogSeeder } from '../catalog/seed/catalog-seeder';
import { login, Mailbox, verifiedCustomer } from '../testing/customer-helpers';
import { RunnersService } from '../platform/projections/runners.service';
import { expectEverythingProjected, settle } from '../testing/projection-health';
import { startSmtpSink, SmtpSink } from '../testing/smtp-sink';
import { contactBody, designBody, orderBody, staffMemberBody } from '../testing/request-bodies';
import { startTestApp, TestApp, TestResponse } from '../testing/test-app';

/**
 * Text in one spelling, numbers in range (once "hostile input, round five"): what the earlier rounds left open. Phones with whitespace that is not a space,
 * two spellings (NFC and NFD) of one text, letters buried under combining marks, optional notes that show
 * nothing, a history answered for a version that does not exist, query and body keys named after
 * Object.prototype's members, and numbers and text at the edges of what the columns hold.
 */
describe('Text in one spelling, numbers in range', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let box: Mailbox;
  let staff: string;
  let customer: string;
  let ring: { id: string; name: string; price: number; image: string };
  let client = 0;

  /** Each command from a client address of its own: sign-ups and contact messages are throttled per address. */
  const send = (method: string, path: string, body?: unknown, options: { token?: string; headers?: Record<string, string> } = {}) =>
    t.request(method, path, {
      body,
      token: options.token,
      headers: { 'x-forwarded-for': `10.5.${(++client >> 8) & 255}.${client & 255}`, ...(options.headers ?? {}) },
    });

  /** A raw JSON text body, sent as it is written. */
  const raw = (method: string, path: string, text: string, token?: string) =>
    send(method, path, text, { token, headers: { 'content-type': 'application/json' } });

  const contact = contactBody;
  const order = (ship: Record<string, unknown> = {}, payment?: { card_name: string; last_4: string }) => orderBody(ring, ship, payment);
  const design = designBody;
  const staffMember = staffMemberBody;
  const product = (over: Record<string, unknown> = {}) => ({
    name: `Round Five ${randomUUID().slice(0, 8)}`,
    price: 100,
    category: 'women-rings',
    ...over,
  });

  /** A 400 naming the field, with this message when given. */
  function expectRefused(res: TestResponse, field: string, message?: string | RegExp) {
    expect({ status: res.status, fields: (res.body?.errors ?? []).map((e: { field: string }) => e.field) }).toEqual({
      status: 400,
      fields: expect.arrayContaining([field]),
    });
    if (message !== undefined) {
      const text = res.body.errors.find((e: { field: string }) => e.field === field).message;
      if (typeof message === 'string') expect(text).toBe(message);
      else expect(text).toMatch(message);
    }
  }

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url, STAFF_EMAIL: 'desk@facet.test' });
    box = new Mailbox(sink);
    staff = await t.staffToken();
    await t.app.get(CatalogSeeder).seedIfEmpty();
    ring = (await t.request('GET', '/api/products?limit=100')).body.products.find(
      (p: { in_stock: boolean; price: number }) => p.in_stock && p.price < 20_000,
    );
    customer = await login(t, await verifiedCustomer(t, box, `round-five-${Date.now()}@example.com`));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  describe('Phones with whitespace that is not a space', () => {
    const OTHER_WHITESPACE: [string, string][] = [
      ['a line separator (U+2028)', '\u2028'],
      ['a paragraph separator (U+2029)', '\u2029'],
      ['an ideographic space (U+3000)', '\u3000'],
      ['a no-break space (U+00A0)', '\u00a0'],
      ['a tab', '\t'],
      ['a newline', '\n'],
      ['a carriage return', '\r'],
      ['a vertical tab', '\u000b'],
      ['a form feed', '\f'],
      ['a narrow no-break space (U+202F)', '\u202f'],
      ['an em space (U+2003)', '\u2003'],
    ];
    const routes: [string, string, string, (phone: string) => unknown, string, () => string | undefined][] = [
      ['order', 'POST', '/api/orders', (phone) => order({ phone }), 'shipping.phone', () => undefined],
      ['contact message', 'POST', '/api/contact', (phone) => contact({ phone }), 'phone', () => undefined],
      ['custom design', 'POST', '/api/custom-design', (phone) => design({ contact_phone: phone }), 'contact_phone', () => undefined],
      ['profile', 'PUT', '/api/me', (phone) => ({ phone }), 'phone', () => customer],
    ];

    it.each(routes)(
      'should refuse a %s phone with whitespace other than a space, inside or at either end',
      async (_w, method, path, body, field, who) => {
        for (const [what, ws] of OTHER_WHITESPACE) {
          for (const phone of [`+1 (555)${ws}123-4567`, `+1 (555) 123-4567${ws}`, `${ws}+1 (555) 123-4567`]) {
            const res = await send(method, path, body(phone), { token: who() });
            expect({ what, phone, status: res.status }).toEqual({ what, phone, status: 400 });
            expectRefused(res, field, 'Please enter a valid phone number');
          }
        }
      },
    );

    it.each(routes)(
      'should take "+1 (555) 123-4567" and spaces around it on a %s, and refuse a phone of no digits',
      async (_w, method, path, body, field, who) => {
        for (const phone of ['+1 (555) 123-4567', ' +1 555 123 4567 ', '5551234567']) {
          const res = await send(method, path, body(phone), { token: who() });
          expect({ phone, status: res.status }).toEqual({ phone, status: method === 'PUT' ? 200 : path === '/api/orders' ? 200 : 201 });
        }
        // Eleven parentheses matched the pattern; a phone needs ten digits.
        expectRefused(await send(method, path, body('((((((((((('), { token: who() }), field, 'Please enter a valid phone number');
      },
    );
  });

  describe('Two spellings of one text (NFC and NFD)', () => {
    const nfc = (text: string) => text.normalize('NFC');
    const nfd = (text: string) => text.normalize('NFD');
    const tag = () => randomUUID().slice(0, 6);

    it('should store a product name sent as NFD in NFC, and find it by either spelling', async () => {
      const name = `Crème Brûlée Ring ${tag()}`;
      const created = await send(
        'POST',
        '/api/admin/products',
        { name: nfd(name), price: 100, category: 'women-rings', features: [nfd('Pavé set')] },
        { token: staff },
      );
      expect(created.status).toBe(201);
      expect(created.body.name).toBe(nfc(name));
      expect(created.body.features).toEqual([nfc('Pavé set')]);
      expect((await t.request('GET', `/api/products/${created.body.id}`)).body.name).toBe(nfc(name));
      for (const query of [nfc('Crème Brûlée'), nfd('Crème Brûlée'), nfd('pavé')]) {
        const found = await t.request('GET', `/api/products?search=${encodeURIComponent(query)}&limit=100`);
        expect({ query: query.length, ids: found.body.products.map((p: { id: string }) => p.id) }).toEqual({
          query: query.length,
          ids: expect.arrayContaining([created.body.id]),
        });
      }
    });

    it('should find a product stored in NFC by a search typed in NFD', async () => {
      const name = `Café Solitaire ${tag()}`;
      const created = await send('POST', '/api/admin/products', { name: nfc(name), price: 100, category: 'women-rings' }, { token: staff });
      expect(created.status).toBe(201);
      const found = await t.request('GET', `/api/products?search=${encodeURIComponent(nfd('café solitaire'))}&limit=100`);
      expect(found.body.products.map((p: { id: string }) => p.id)).toContain(created.body.id);
    });

    it('should keep one spelling of a name edited in NFD, and of the free text of orders, messages and designs', async () => {
      const created = await send(
        'POST',
        '/api/admin/products',
        { name: `Plain ${tag()}`, price: 100, category: 'women-rings' },
        { token: staff },
      );
      const edited = await send(
        'PUT',
        `/api/admin/products/${created.body.id}`,
        { name: nfd('Noël Band'), description: nfd('Façonné à la main') },
        { token: staff },
      );
      expect(edited.body).toMatchObject({ name: nfc('Noël Band'), description: nfc('Façonné à la main') });

      const email = `nfd-${tag()}@example.com`;
      expect(
        (
          await send(
            'POST',
            '/api/contact',
            contact({ email, name: nfd('Zoë Ångström'), subject: nfd('Réparation'), message: nfd('Merci beaucoup, Zoë') }),
          )
        ).status,
      ).toBe(201);
      const listed = await t.request('GET', `/api/admin/messages?q=${encodeURIComponent(nfd('Ångström'))}`, { token: staff });
      expect(listed.body.items).toEqual([
        expect.objectContaining({ email, name: nfc('Zoë Ångström'), subject: nfc('Réparation'), message: nfc('Merci beaucoup, Zoë') }),
      ]);

      const placed = await send(
        'POST',
        '/api/orders',
        order({ first_name: nfd('Zoë'), last_name: nfd('Nguyễn'), address: nfd('1 Rue Émile Zola') }),
      );
      expect(placed.status).toBe(200);
      const shown = await t.request('GET', `/api/admin/orders/${placed.body.order_id}`, { token: staff });
      expect(shown.body.shipping).toMatchObject({ first_name: nfc('Zoë'), last_name: nfc('Nguyễn'), address: nfc('1 Rue Émile Zola') });

      const submitted = await send(
        'POST',
        '/api/custom-design',
        design({ contact_name: nfd('Renée Dupré'), design_notes: nfd('Un diamant taillé en cœur') }),
      );
      expect(submitted.status).toBe(201);
      const detail = await t.request('GET', `/api/admin/custom-designs/${submitted.body.id}`, { token: staff });
      expect(detail.body).toMatchObject({ contact_name: nfc('Renée Dupré'), design_notes: nfc('Un diamant taillé en cœur') });
    });

    it('should compare a password as it was typed: it is hashed, never shown, and accounts made before keep theirs', async () => {
      const email = `nfd-password-${tag()}@example.com`;
      const password = nfd('Brillant-Taillé-1985!');
      await verifiedCustomer(t, box, email, password);
      expect(await login(t, email, password)).toEqual(expect.any(String));
      const other = await t.request('POST', '/api/auth/login', { body: { email, password: nfc(password) } });
      expect(other.status).toBe(401);
    }, 60_000);
  });

  describe('Letters buried under combining marks', () => {
    const ZALGO: [string, string][] = [
      ['one letter under 119 marks', 'Z' + '\u0301'.repeat(119)],
      ['five marks on one letter', 'Ada\u0316\u0317\u0318\u0319\u031c Lovelace'],
      ['marks split by zero-width joiners', 'Z' + '\u0301\u200d'.repeat(40)],
      ['marks split by combining grapheme joiners', 'Z' + '\u0301\u034f'.repeat(40)],
      ['marks split by variation selectors', 'Ada' + '\u0308\ufe0f'.repeat(6)],
      ['enclosing marks piled up', 'A' + '\u20dd'.repeat(8)],
    ];
    let orderId: string;
    let messageId: string;
    let designId: string;
    beforeAll(async () => {
      orderId = (await send('POST', '/api/orders', order())).body.order_id;
      designId = (await send('POST', '/api/custom-design', design())).body.id;
      const email = `marks-${randomUUID().slice(0, 8)}@example.com`;
      await send('POST', '/api/contact', contact({ email }));
      messageId = (await t.request('GET', `/api/admin/messages?q=${email}`, { token: staff })).body.items[0].id;
    });

    const cases: [string, string, () => string, (v: string) => unknown, string, () => string | undefined][] = [
      ['contact name', 'POST', () => '/api/contact', (v) => contact({ name: v }), 'name', () => undefined],
      ['contact subject', 'POST', () => '/api/contact', (v) => contact({ subject: v }), 'subject', () => undefined],
      ['contact message', 'POST', () => '/api/contact', (v) => contact({ message: v }), 'message', () => undefined],
      ['order first name', 'POST', () => '/api/orders', (v) => order({ first_name: v }), 'shipping.first_name', () => undefined],
      ['order last name', 'POST', () => '/api/orders', (v) => order({ last_name: v }), 'shipping.last_name', () => undefined],
      ['order address', 'POST', () => '/api/orders', (v) => order({ address: v }), 'shipping.address', () => undefined],
      ['order city', 'POST', () => '/api/orders', (v) => order({ city: v }), 'shipping.city', () => undefined],
      [
        'name on the card',
        'POST',
        () => '/api/orders',
        (v) => order({}, { card_name: v, last_4: '4242' }),
        'payment.card_name',
        () => undefined,
      ],
      ['design contact name', 'POST', () => '/api/custom-design', (v) => design({ contact_name: v }), 'contact_name', () => undefined],
      ['design notes', 'POST', () => '/api/custom-design', (v) => design({ design_notes: v }), 'design_notes', () => undefined],
      ['staff name', 'POST', () => '/api/admin/staff', (v) => staffMember({ name: v }), 'name', () => staff],
      ['product name', 'POST', () => '/api/admin/products', (v) => product({ name: v }), 'name', () => staff],
      ['product description', 'POST', () => '/api/admin/products', (v) => product({ description: v }), 'description', () => staff],
      ['product feature', 'POST', () => '/api/admin/products', (v) => product({ features: ['18K gold', v] }), 'features', () => staff],
      ['profile first name', 'PUT', () => '/api/me', (v) => ({ firstName: v }), 'firstName', () => customer],
      ['profile street', 'PUT', () => '/api/me', (v) => ({ address: { street: v } }), 'address.street', () => customer],
      ['order status note', 'PUT', () => `/api/admin/orders/${orderId}`, (v) => ({ status: 'contacted', note: v }), 'note', () => staff],
      [
        'message handled note',
        'PUT',
        () => `/api/admin/messages/${messageId}`,
        (v) => ({ status: 'handled', note: v }),
        'note',
        () => staff,
      ],
      [
        'design status note',
        'PUT',
        () => `/api/admin/custom-designs/${designId}`,
        (v) => ({ status: 'contacted', note: v }),
        'note',
        () => staff,
      ],
    ];

    it.each(cases)(
      'should refuse a %s with a letter under more than four marks, naming the field',
      async (_w, method, path, body, field, who) => {
        for (const [what, value] of ZALGO) {
          const res = await send(method, path(), body(value), { token: who() });
          expect({ what, status: res.status }).toEqual({ what, status: 400 });
          expectRefused(res, field, /^\S+ has a letter with more than 4 combining marks stacked on it$/);
        }
      },
    );

    it('should say which field and why', async () => {
      expectRefused(
        await send('POST', '/api/contact', contact({ name: 'Z' + '\u0301'.repeat(119) })),
        'name',
        'name has a letter with more than 4 combining marks stacked on it',
      );
    });

    it('should keep the marks real writing needs: Vietnamese, Hindi, Hebrew with niqqud, Thai, Arabic, Tibetan, Yoruba, emoji', async () => {
      const names = [
        'Nguy\u1ec5n',
        'Nguy\u00ea\u0303n Th\u1ecb Minh Khai'.normalize('NFD'),
        '\u0939\u093f\u0928\u094d\u0926\u0940',
        '\u05e9\u05c1\u05b8\u05dc\u05d5\u05b9\u05dd',
        '\u05e9\u05bc\u05c1\u05b8\u05bd\u05dc',
        '\u0e01\u0e31\u0e49\u0e07',
        '\u0645\u064f\u062d\u064e\u0645\u0651\u064e\u062f',
        '\u0f56\u0f66\u0f92\u0fb2\u0f74\u0f56\u0f66',
        '\u1eb8\u0300k\u1ecd\u0301',
        '1\ufe0f\u20e3 \u{1f468}\u200d\u{1f469}\u200d\u{1f467} \u{1f3f3}\ufe0f\u200d\u{1f308}',
        'Ada\u0316\u0317\u0318\u0319 Lovelace',
      ];
      for (const name of names) {
        const email = `marks-${randomUUID().slice(0, 8)}@example.com`;
        const sent = await send('POST', '/api/contact', contact({ name, email }));
        expect({ name, status: sent.status }).toEqual({ name, status: 201 });
        const listed = await t.request('GET', `/api/admin/messages?q=${email}`, { token: staff });
        expect(listed.body.items).toEqual([expect.objectContaining({ name: name.normalize('NFC') })]);
        expect((await send('POST', '/api/admin/products', product({ name: `${name} ring` }), { token: staff })).status).toBe(201);
      }
    });
  });

  describe('Optional text that shows nothing', () => {
    const INVISIBLE = ['\u200b\u200b', '\u2060\ufeff', '\u3164', '\u2800 \u200d', '\u00ad', ' \u200b '];
    const eventData = async (stream: string, type: string) => {
      const res = await t.request('GET', `/api/admin/audit/events?stream=${stream}&type=${type}&limit=1`, { token: staff });
      return res.body.items[0].data as Record<string, unknown>;
    };

    it('should store an order status note of invisible characters as no note, as it does a blank one', async () => {
      for (const note of ['   ', ...INVISIBLE]) {
        const id = (await send('POST', '/api/orders', order())).body.order_id;
        const res = await send('PUT', `/api/admin/orders/${id}`, { status: 'contacted', note }, { token: staff });
        expect({ note, status: res.status }).toEqual({ note, status: 200 });
        expect({ note, stored: (await eventData(`order-${id}`, 'OrderStatusChanged')).note }).toEqual({ note, stored: '' });
      }
    });

    it('should store a contact message handled note of invisible characters as no note', async () => {
      for (const note of ['   ', ...INVISIBLE]) {
        const email = `quiet-${randomUUID().slice(0, 8)}@example.com`;
        await send('POST', '/api/contact', contact({ email }));
        const id = (await t.request('GET', `/api/admin/messages?q=${email}`, { token: staff })).body.items[0].id;
        const res = await send('PUT', `/api/admin/messages/${id}`, { status: 'handled', note }, { token: staff });
        expect({ note, status: res.status, handled_note: res.body.handled_note }).toEqual({ note, status: 200, handled_note: null });
      }
    });

    it('should store custom design notes and status notes of invisible characters as none', async () => {
      for (const notes of ['   ', ...INVISIBLE]) {
        const submitted = await send('POST', '/api/custom-design', design({ design_notes: notes }));
        expect({ notes, status: submitted.status }).toEqual({ notes, status: 201 });
        const moved = await send(
          'PUT',
          `/api/admin/custom-designs/${submitted.body.id}`,
          { status: 'contacted', note: notes },
          { token: staff },
        );
        expect({ notes, status: moved.status }).toEqual({ notes, status: 200 });
        const detail = (await t.request('GET', `/api/admin/custom-designs/${submitted.body.id}`, { token: staff })).body;
        expect({ notes, design_notes: detail.design_notes, note: detail.history.at(-1).note }).toEqual({
          notes,
          design_notes: null,
          note: null,
        });
      }
    });

    it('should store a product description and address lines of invisible characters as empty', async () => {
      for (const text of INVISIBLE) {
        const created = await send('POST', '/api/admin/products', product({ description: text }), { token: staff });
        expect({ text, status: created.status, description: created.body.description }).toEqual({ text, status: 201, description: '' });
        const edited = await send('PUT', `/api/admin/products/${created.body.id}`, { description: text }, { token: staff });
        expect({ text, description: edited.body.description }).toEqual({ text, description: '' });

        const placed = await send('POST', '/api/orders', order({ address: text, apartment: text, city: text }));
        expect({ text, status: placed.status }).toEqual({ text, status: 200 });
        const shipping = (await eventData(`order-${placed.body.order_id}`, 'OrderRequested')).shipping as Record<string, unknown>;
        expect({ text, shipping }).toEqual({ text, shipping: expect.objectContaining({ address: '', apartment: '', city: '' }) });

        const me = await send('PUT', '/api/me', { address: { street: text, city: 'Paris' } }, { token: customer });
        expect({ text, status: me.status, street: me.body.address?.street }).toEqual({ text, status: 200, street: '' });
      }
    });

    it('should keep a note that shows something, with the invisible characters in it', async () => {
      const id = (await send('POST', '/api/orders', order())).body.order_id;
      const note = '\u200bCalled her\u200b';
      expect((await send('PUT', `/api/admin/orders/${id}`, { status: 'contacted', note }, { token: staff })).status).toBe(200);
      expect((await eventData(`order-${id}`, 'OrderStatusChanged')).note).toBe(note.trim());
    });
  });

  describe('A version of a record beyond its last', () => {
    it('should answer the history of a revision beyond the last with 404, in the words of the diff', async () => {
      const created = await send('POST', '/api/admin/products', product(), { token: staff });
      await send('PUT', `/api/admin/products/${created.body.id}`, { price: 120 }, { token: staff });
      const stream = `/api/admin/audit/streams/product-${created.body.id}`;
      for (const revision of [-1, 0, 1]) {
        const res = await t.request('GET', `${stream}?revision=${revision}`, { token: staff });
        expect({ revision, status: res.status, at: res.body.revision }).toEqual({ revision, status: 200, at: revision });
      }
      for (const revision of [2, 3, 1_000_000, 1_000_000_000]) {
        const history = await t.request('GET', `${stream}?revision=${revision}`, { token: staff });
        const diff = await t.request('GET', `${stream}/diff?from=0&to=${revision}`, { token: staff });
        expect({ revision, history: history.status, detail: history.body.detail }).toEqual({
          revision,
          history: 404,
          detail: 'This record has versions 0 to 1.',
        });
        expect({ revision, diff: diff.status, detail: diff.body.detail }).toEqual({ revision, diff: 404, detail: history.body.detail });
      }
      // A moment after the last change is the record as it is now, not a version that does not exist.
      const later = await t.request('GET', `${stream}?as_of=2099-01-01T00:00:00Z`, { token: staff });
      expect({ status: later.status, revision: later.body.revision }).toEqual({ status: 200, revision: 1 });
    });
  });

  describe("Keys named after Object.prototype's members", () => {
    const KEYS = ['constructor', '__proto__', 'prototype', 'hasOwnProperty', 'toString', 'valueOf', 'isPrototypeOf', '__defineGetter__'];
    const unknown = (field: string) => ({ field, message: `unknown field ${field.split('.').pop()} is not allowed` });

    it.each([
      ['the products list', '/api/products?limit=1'],
      ['a category page', '/api/products/category/women-rings?limit=1'],
      ['the audit log', '/api/admin/audit/events?limit=1'],
      ['a record history', '/api/admin/audit/streams/catalogue?revision=-1'],
      ['the orders list', '/api/admin/orders?limit=1'],
      ['the customers list', '/api/admin/customers?limit=1'],
      ['the messages list', '/api/admin/messages?limit=1'],
    ])('should refuse them as query parameters of %s, as it refuses any unknown one', async (_what, path) => {
      const bogus = await t.request('GET', `${path}&bogus=1`, { token: staff });
      expect({ status: bogus.status, errors: bogus.body.errors }).toEqual({ status: 400, errors: [unknown('bogus')] });
      for (const key of KEYS) {
        const res = await t.request('GET', `${path}&${key}=1`, { token: staff });
        expect({ key, status: res.status, errors: res.body.errors }).toEqual({ key, status: 400, errors: [unknown(key)] });
      }
    });

    it('should refuse them as body fields, at the top and nested, and append nothing', async () => {
      const email = `proto-${randomUUID().slice(0, 8)}@example.com`;
      for (const key of KEYS.filter((k) => k !== '__proto__')) {
        for (const value of [{ isAdmin: true }, 'x', 1]) {
          const res = await raw('POST', '/api/contact', JSON.stringify({ ...contact({ email }), [key]: value }));
          expect({ key, value, status: res.status, errors: res.body.errors }).toEqual({ key, value, status: 400, errors: [unknown(key)] });
        }
        const nested = order();
        const shipping = await raw('POST', '/api/orders', JSON.stringify({ ...nested, shipping: { ...nested.shipping, [key]: 'x' } }));
        expect({ key, errors: shipping.body.errors }).toEqual({ key, errors: [unknown(`shipping.${key}`)] });
        const line = await raw('POST', '/api/orders', JSON.stringify({ ...nested, items: [{ ...nested.items[0], [key]: {} }] }));
        expect({ key, errors: line.body.errors }).toEqual({ key, errors: [unknown(`items.0.${key}`)] });
        const profile = await raw('PUT', '/api/me', JSON.stringify({ address: { city: 'Paris', [key]: 'x' } }), customer);
        expect({ key, errors: profile.body.errors }).toEqual({ key, errors: [unknown(`address.${key}`)] });
      }
      expect((await t.request('GET', `/api/admin/messages?q=${email}`, { token: staff })).body.total).toBe(0);
    });
  });

  describe('Numbers at and beyond what the columns hold', () => {
    const LISTS = [
      '/api/products',
      '/api/products/category/women-rings',
      '/api/admin/orders',
      '/api/admin/audit/events',
      '/api/admin/mail',
      '/api/admin/parked-events',
      '/api/admin/customers',
      '/api/admin/staff',
      '/api/admin/custom-designs',
      '/api/admin/messages',
    ];
    // int4's bound and beyond, below the range, exponents, NaN, fractions, hex, padding, full-width digits, empty.
    const BAD_COUNTS = ['2147483648', '9223372036854775808', '-1', '0', '1e309', 'NaN', 'Infinity', '1.5', '0x10', '%201', '%EF%BC%91', ''];

    it.each(LISTS)('should refuse page and limit of %s outside whole numbers in range, naming the field', async (list) => {
      for (const field of ['page', 'limit']) {
        for (const value of [...BAD_COUNTS, '1&' + field + '=2']) {
          const res = await t.request('GET', `${list}?${field}=${value}`, { token: staff });
          expect({ value, status: res.status }).toEqual({ value, status: 400 });
          // A spelling that is not canonical decimal says how to write one (QueryNumber); a number out of range, its range.
          expectRefused(
            res,
            field,
            /^(page|limit) must (be a whole number|not be (less|greater) than \d+|be a number written in decimal digits .+)$/,
          );
        }
      }
    });

    it('should refuse versions of a record history and of a diff outside whole numbers in range', async () => {
      const created = await send('POST', '/api/admin/products', product(), { token: staff });
      const stream = `/api/admin/audit/streams/product-${created.body.id}`;
      for (const value of ['2147483648', '9007199254740993', '-2', '1e309', 'NaN', '1.5', '+1', '%EF%BC%91', '']) {
        expectRefused(await t.request('GET', `${stream}?revision=${value}`, { token: staff }), 'revision');
        expectRefused(await t.request('GET', `${stream}/diff?from=0&to=${value}`, { token: staff }), 'to');
        expectRefused(await t.request('GET', `${stream}/diff?from=${value}&to=0`, { token: staff }), 'from');
      }
    });

    it('should answer 404 for ids that are numbers at and beyond bigint, or not ids at all', async () => {
      const paths = [
        '/api/admin/parked-events/',
        '/api/admin/orders/',
        '/api/products/',
        '/api/admin/customers/',
        '/api/admin/mail/',
        '/api/admin/custom-designs/',
        '/api/admin/messages/',
        '/api/orders/',
      ];
      for (const id of ['2147483648', '9223372036854775807', '9223372036854775808', '999999999999999999', '-1', '0', '1.5', '1e3', 'NaN']) {
        for (const path of paths) {
          const res = await t.request('GET', path + id, { token: staff });
          expect({ path, id, status: res.status }).toEqual({ path, id, status: 404 });
        }
        const retry = await t.request('POST', `/api/admin/parked-events/${id}/retry`, { token: staff });
        expect({ id, status: retry.status }).toEqual({ id, status: 404 });
      }
    });

    it('should refuse body numbers beyond their columns, and strings, arrays and objects where numbers are due', async () => {
      const WRONG = ['2147483648', '9007199254740993', '1e309', '-1e309', '-1', '"1"', '"NaN"', '"Infinity"', '[1]', '{}', 'true'];
      const base = order();
      const json = (value: unknown) => JSON.stringify(value);
      const created = await send('POST', '/api/admin/products', product(), { token: staff });
      const cases: [string, string, (v: string) => string, string][] = [
        ['POST', '/api/orders', (v) => json(base).replace('"quantity":1', `"quantity":${v}`), 'items.0.quantity'],
        ['POST', '/api/orders', (v) => json(base).replace(`"price":${ring.price}`, `"price":${v}`), 'items.0.price'],
        ['POST', '/api/orders', (v) => json(base).replace(`"total":${base.total}`, `"total":${v}`), 'total'],
        ['POST', '/api/admin/products', (v) => json(product()).replace('"price":100', `"price":${v}`), 'price'],
        ['POST', '/api/admin/products', (v) => json(product()).replace('}', `,"original_price":${v}}`), 'original_price'],
        ['POST', '/api/admin/products', (v) => json(product()).replace('}', `,"rating":${v}}`), 'rating'],
        ['POST', '/api/admin/products', (v) => json(product()).replace('}', `,"reviews_count":${v}}`), 'reviews_count'],
        ['PUT', `/api/admin/products/${created.body.id}`, (v) => `{"price":120,"version":${v}}`, 'version'],
      ];
      for (const [method, path, body, field] of cases) {
        for (const value of WRONG) {
          // -1 is a fine original_price to refuse and a fine total to refuse; each is out of its range.
          const res = await raw(method, path, body(value), staff);
          expect({ field, value, status: res.status }).toEqual({ field, value, status: 400 });
          expectRefused(res, field);
          // Words for the person who sent it, not class-validator's ("conforming to the specified constraints").
          expect(res.body.detail).not.toMatch(/specified constraints/);
          if (value === '1e309' && field !== 'version') expect(res.body.detail).toMatch(/must be a finite number|must be an integer/);
        }
      }
      // The last version int4 holds is a version that is not the record's: a conflict, not a 500.
      const stale = await raw('PUT', `/api/admin/products/${created.body.id}`, '{"price":120,"version":2147483647}', staff);
      expect(stale.status).toBe(409);
      const ifMatch = await send(
        'PUT',
        `/api/admin/products/${created.body.id}`,
        { price: 120 },
        { token: staff, headers: { 'if-match': '"2147483648"' } },
      );
      expectRefused(ifMatch, 'If-Match');
    });
  });

  describe('NUL characters and lone surrogates in fields no test had tried', () => {
    const ESCAPES: [string, RegExp][] = [
      ['\\u0000', /NUL/],
      ['\\ud800', /surrogate/],
      ['ok\\udfff', /surrogate/],
    ];
    const cases: [string, string, () => string, (v: string) => unknown, string, () => string | undefined][] = [
      ['order address', 'POST', () => '/api/orders', (v) => order({ address: v }), 'shipping.address', () => undefined],
      ['order apartment', 'POST', () => '/api/orders', (v) => order({ apartment: v }), 'shipping.apartment', () => undefined],
      ['order city', 'POST', () => '/api/orders', (v) => order({ city: v }), 'shipping.city', () => undefined],
      ['order ZIP code', 'POST', () => '/api/orders', (v) => order({ zip_code: v }), 'shipping.zip_code', () => undefined],
      ['order phone', 'POST', () => '/api/orders', (v) => order({ phone: v }), 'shipping.phone', () => undefined],
      [
        'name on the card',
        'POST',
        () => '/api/orders',
        (v) => order({}, { card_name: v, last_4: '4242' }),
        'payment.card_name',
        () => undefined,
      ],
      ['contact phone', 'POST', () => '/api/contact', (v) => contact({ phone: v }), 'phone', () => undefined],
      ['design notes', 'POST', () => '/api/custom-design', (v) => design({ design_notes: v }), 'design_notes', () => undefined],
      ['design phone', 'POST', () => '/api/custom-design', (v) => design({ contact_phone: v }), 'contact_phone', () => undefined],
      ['profile street', 'PUT', () => '/api/me', (v) => ({ address: { street: v } }), 'address.street', () => customer],
      ['profile phone', 'PUT', () => '/api/me', (v) => ({ phone: v }), 'phone', () => customer],
      ['verification code', 'POST', () => '/api/auth/verify-email', (v) => ({ email: 'a@example.com', code: v }), 'code', () => undefined],
      [
        'reset token',
        'POST',
        () => '/api/auth/reset-password',
        (v) => ({ email: 'a@example.com', token: v, password: 'Brilliant-Cut-1985!' }),
        'token',
        () => undefined,
      ],
      ['product image', 'POST', () => '/api/admin/products', (v) => product({ images: [`/images/${v}.png`] }), 'images.0', () => staff],
      ['staff password', 'POST', () => '/api/admin/staff', (v) => staffMember({ password: `Clerk-${v}-1985!` }), 'password', () => staff],
    ];

    it.each(cases)('should refuse them in a %s with a 400 naming the field', async (_w, method, path, body, field, who) => {
      for (const [escape, reason] of ESCAPES) {
        const text = JSON.stringify(body('MARK')).replace('MARK', escape);
        const res = await raw(method, path(), text, who());
        expect({ escape, status: res.status }).toEqual({ escape, status: 400 });
        expectRefused(res, field, reason);
      }
    });

    it.each([
      ['/api/admin/audit/events?type=', 'type'],
      ['/api/admin/audit/events?correlation_id=', 'correlation_id'],
      ['/api/admin/audit/export?stream=', 'stream'],
      ['/api/admin/audit/catalogue?as_of=', 'as_of'],
      ['/api/admin/parked-events?consumer=', 'consumer'],
      ['/api/admin/customers?status=', 'status'],
      ['/api/admin/orders?from=', 'from'],
    ])('should refuse a NUL in the query %s with a 400 naming it', async (path, field) => {
      expectRefused(await t.request('GET', `${path}%00`, { token: staff }), field, /NUL/);
    });
  });

  describe('Deep and oddly shaped JSON in nested fields', () => {
    const arrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

    it('should refuse nesting beyond 32 levels in a nested field, and name the field within it', async () => {
      for (const [method, path, text, who] of [
        ['PUT', '/api/me', `{"address":{"street":${arrays(40)}}}`, () => customer],
        ['POST', '/api/admin/products', `{"name":"P","price":10,"category":"women-rings","features":${arrays(40)}}`, () => staff],
        [
          'POST',
          '/api/custom-design',
          JSON.stringify(design()).replace('"design_notes":null', `"design_notes":${arrays(40)}`),
          () => undefined,
        ],
      ] as [string, string, string, () => string | undefined][]) {
        const res = await raw(method, path, text, who());
        expect({ path, status: res.status, detail: res.body.detail }).toEqual({
          path,
          status: 400,
          detail: expect.stringMatching(/nested too deeply/),
        });
      }
      expectRefused(
        await raw('POST', '/api/admin/products', `{"name":"P","price":10,"category":"women-rings","features":${arrays(30)}}`, staff),
        'features',
      );
      expectRefused(await raw('PUT', '/api/me', `{"address":{"street":${arrays(30)}}}`, customer), 'address.street');
      expectRefused(await raw('PUT', '/api/me', `{"address":{"street":{"a":{"b":{}}}}}`, customer), 'address.street');
    });

    it('should refuse repeated and bracketed query parameters by name', async () => {
      expectRefused(await t.request('GET', '/api/products?search=a&search=b'), 'search');
      expectRefused(await t.request('GET', '/api/products?limit=1&limit=2'), 'limit');
      expectRefused(await t.request('GET', '/api/products?page[0]=1'), 'page[0]');
      expectRefused(await t.request('GET', '/api/products?page[constructor]=1'), 'page[constructor]');
    });
  });

  it('should have projected everything these tests appended, parked nothing, and rebuild the same rows on replay', async () => {
    // Mails (acknowledgements, staff notices) are sent by jobs that append MailSent: a replay while one is
    // being sent compares a sent_mail table that is still moving.
    await settle(t, staff);
    await expectEverythingProjected(t);
    const result = await t.app.get(RunnersService).replay({ compare: true });
    expect(result.parked).toBe(0);
    expect(Object.entries(result.differences ?? {}).filter(([, n]) => n > 0)).toEqual([]);
  }, 120_000);
});
