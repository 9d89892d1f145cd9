import { redactClearPersonalData, REDACTED } from './event-redaction';
import { mapPersonalPaths, registerPersonalFields } from './personal-fields';

/**
 * Personal data at paths inside an event (an order line's engraving, a shipment's tracking number): which values
 * a path names, and how events written before such a value was sealed read once its subject's key is gone.
 */
describe('Personal data at paths inside events', () => {
  const sealed = 'pii:v1:customer%3Aa:AAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAA==:AAAA';
  registerPersonalFields('TestLineOrdered', {
    subject: (d: { subject_id: string }) => d.subject_id,
    fields: ['shipping', 'items[].engraving', 'shipment.tracking_number'],
    clearBefore: ['items[].engraving', 'shipment.tracking_number'],
  });
  const keys = (erased: string[]) => ({
    keysOf: async (ids: Iterable<string>) => new Map([...ids].map((id) => [id, erased.includes(id) ? null : Buffer.alloc(32)])),
  });

  it('should change only the values a path names, leaving empty nested ones and everything else as it was', () => {
    const data = {
      note: 'kept',
      items: [{ engraving: 'Ada', sku: 1 }, { engraving: '' }, { sku: 2 }],
      shipment: { carrier: 'fedex', tracking_number: 'T123456' },
    };
    const seen: [unknown, boolean][] = [];
    const out = mapPersonalPaths(data, ['items[].engraving', 'shipment.tracking_number', 'note', 'absent.path'], (v, nested) => {
      seen.push([v, nested]);
      return v === '' ? v : `<${String(v)}>`;
    });
    expect(seen).toEqual([
      ['Ada', true],
      ['', true],
      ['T123456', true],
      ['kept', false],
    ]);
    expect(out).toEqual({
      note: '<kept>',
      items: [{ engraving: '<Ada>', sku: 1 }, { engraving: '' }, { sku: 2 }],
      shipment: { carrier: 'fedex', tracking_number: '<T123456>' },
    });
    // The input is never changed in place; what is unchanged is the same object.
    expect(data.items[0].engraving).toBe('Ada');
    expect(mapPersonalPaths(data, ['items[].engraving'], (v) => v)).toBe(data);
  });

  it("should read an older event's clear-text engraving and tracking number [redacted] once its subject is erased, and only then", async () => {
    const old = {
      type: 'TestLineOrdered',
      data: {
        subject_id: 'customer:a',
        shipping: sealed,
        items: [{ engraving: 'Ada & Charles' }, { engraving: '' }],
        shipment: { carrier: 'fedex', tracking_number: 'T123456' },
      },
    };
    const recent = {
      type: 'TestLineOrdered',
      data: { ...old.data, items: [{ engraving: sealed }], shipment: { carrier: 'fedex', tracking_number: sealed } },
    };
    const other = { type: 'Unrelated', data: { engraving: 'Ada' } };

    const [kept] = await redactClearPersonalData([old], keys([]));
    expect(kept).toBe(old);
    const [redacted, sealedOne, untouched] = await redactClearPersonalData([old, recent, other], keys(['customer:a']));
    expect(redacted.data).toEqual({
      subject_id: 'customer:a',
      shipping: sealed,
      items: [{ engraving: REDACTED }, { engraving: '' }],
      shipment: { carrier: 'fedex', tracking_number: REDACTED },
    });
    // Sealed values are left to the opener ("erased"); other events are not looked at.
    expect(sealedOne).toBe(recent);
    expect(untouched).toBe(other);
  });
});
