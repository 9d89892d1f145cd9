import { assertNever, EVENT_SCHEMAS, EventOf, EventSchemas, MailSentData, readEvent, UnknownEventError } from './index';

describe('The event registry (issue 42)', () => {
  it('should list every type of every part once, at a version of 1 or more', () => {
    for (const [type, schema] of Object.entries(EVENT_SCHEMAS)) {
      expect(Number.isSafeInteger(schema.version) && schema.version >= 1).toBe(true);
      expect(type).toMatch(/^[A-Z][A-Za-z]+$/);
    }
    expect(EVENT_SCHEMAS).toHaveProperty('OrderRequested');
    expect(EVENT_SCHEMAS).toHaveProperty('CustomerDeleted');
    expect(EVENT_SCHEMAS.MailSent.version).toBe(3);
  });

  it('should refuse a type no table lists, loudly and by name', () => {
    expect(() => readEvent('NeverPublished', 1, {})).toThrow(UnknownEventError);
    expect(() => readEvent('NeverPublished', 1, {})).toThrow(/Cannot read event "NeverPublished" version 1: no part of the shop publishes/);
    // Not a way in through the object's prototype either.
    expect(() => readEvent('constructor', 1, {})).toThrow(UnknownEventError);
    expect(() => readEvent('__proto__', 1, {})).toThrow(UnknownEventError);
  });

  it('should refuse a version newer than the table says (written by a newer release), and one that is no version', () => {
    expect(() => readEvent('OrderPaid', 3, {})).toThrow(/"OrderPaid" version 3: newer than version 2/);
    expect(() => readEvent('MailSent', 4, {})).toThrow(/newer than version 3/);
    for (const odd of [0, -1, 1.5, Number.NaN, 2 ** 53]) expect(() => readEvent('OrderPaid', odd, {})).toThrow(UnknownEventError);
  });

  it('should read the current version as it is, and a missing version as version 1', () => {
    const data = { order_id: 'o' };
    expect(readEvent('OrderExpired', 1, data)).toBe(data);
    expect(readEvent('OrderExpired', undefined, data)).toBe(data);
    // OrderPaid is at version 2 (the charged card): a version 1 event is read with no card.
    expect(readEvent('OrderPaid', 2, data)).toBe(data);
    expect(readEvent('OrderPaid', undefined, data)).toEqual({ order_id: 'o', card_last_4: null });
  });

  it('should upcast a version 1 MailSent to today: template 1, no archive hash, its body kept', () => {
    const v1 = {
      mail_id: 'm',
      kind: 'order-confirmation',
      to: 'a@x.test',
      subject: 'S',
      html: '<p>h</p>',
      text: 't',
      subject_id: 'guest:1',
      delivered: true,
    };
    const read = readEvent('MailSent', 1, v1) as MailSentData;
    expect(read).toEqual({ ...v1, template_version: 1, content_sha256: '' });
    // Version 2 reads as 3 unchanged (3 only adds an optional field); the stored data is never changed.
    const v2 = { ...read, html: undefined, text: undefined };
    expect(readEvent('MailSent', 2, v2)).toBe(v2);
    expect(v1).not.toHaveProperty('template_version');
  });

  it('should upcast step by step from any older version, skipping steps without an upcaster', () => {
    const schemas: EventSchemas = {
      Thing: {
        version: 4,
        upcasters: {
          1: (d: { n: number }) => ({ count: d.n }),
          // 2 -> 3 changed nothing a reader sees
          3: (d: { count: number }) => ({ count: d.count, unit: 'piece' }),
        },
      },
    };
    expect(readEvent('Thing', 1, { n: 2 }, schemas)).toEqual({ count: 2, unit: 'piece' });
    expect(readEvent('Thing', 2, { count: 5 }, schemas)).toEqual({ count: 5, unit: 'piece' });
    expect(readEvent('Thing', 4, { count: 1, unit: 'ring' }, schemas)).toEqual({ count: 1, unit: 'ring' });
    expect(() => readEvent('Thing', 5, {}, schemas)).toThrow(UnknownEventError);
  });

  it('should end a switch over a union with assertNever, which names an event that came anyway', () => {
    type Ev = EventOf<'A', { a: number }> | EventOf<'B', { b: string }>;
    const describe = (e: Ev): string => {
      switch (e.type) {
        case 'A':
          return `a=${e.data.a}`;
        case 'B':
          return `b=${e.data.b}`;
        default:
          return assertNever(e);
      }
    };
    expect(describe({ type: 'A', data: { a: 1 } })).toBe('a=1');
    expect(() => describe({ type: 'C', data: {} } as unknown as Ev)).toThrow('Unexpected event type "C": no branch handles it');
  });
});
