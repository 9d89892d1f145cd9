import type { ReturnEvent } from '@facet/contracts';
import { returnStepMail } from './return-mails';

const ORDER = '0f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f';
const R1 = '11111111-1111-4111-8111-111111111111';
const to = { email: 'ada@example.com', firstName: 'Ada', subjectId: 'customer:c1', orderId: ORDER };
const link = { url: `https://shop.test/orders/${ORDER}?access=1234567890.abc`, token: '1234567890.abc' };
const decided = { return_id: R1, order_id: ORDER, by: 'staff:s1', subject_id: 'customer:c1' };
const steps: ReturnEvent[] = [
  {
    type: 'ReturnRequested',
    data: {
      return_id: R1,
      order_id: ORDER,
      lines: [{ line: 0, product_id: 'p', variant_id: 'v', product_name: 'Ring <b>', quantity: 1, unit_price_cents: 10_000 }],
      reason: 'Too small',
      subject_id: 'customer:c1',
      by: 'customer:c1',
    },
  },
  { type: 'ReturnApproved', data: { ...decided, note: 'Use the prepaid label' } },
  { type: 'ReturnRefused', data: { ...decided, note: 'It was resized for you' } },
  { type: 'ReturnReceived', data: { return_id: R1, order_id: ORDER, by: 'staff:s1' } },
  {
    type: 'ReturnRefunded',
    data: { return_id: R1, order_id: ORDER, amount_cents: 9_000, restocking_fee_cents: 1_000, refund_id: 're_1', by: 'staff:s1' },
  },
  { type: 'ReturnExchanged', data: { return_id: R1, order_id: ORDER, from_variant_id: 'v', variant_id: 'v2', by: 'staff:s1' } },
];

describe('The mails of a return', () => {
  it('should mail each step to the shopper, with the order page link kept secret', () => {
    const kinds = steps.map((e) => {
      const mail = returnStepMail(e, to, link);
      expect(mail).toMatchObject({ to: 'ada@example.com', subjectId: 'customer:c1', secrets: [link.token] });
      expect(mail.text).toContain(link.url);
      expect(mail.text).toContain('Dear Ada,');
      expect(mail.subject).toContain('11111111');
      return mail.kind;
    });
    expect(kinds).toEqual([
      'return-requested',
      'return-approved',
      'return-refused',
      'return-received',
      'return-refunded',
      'return-exchanged',
    ]);
  });

  it('should say the staff note, the amount and the restocking fee, and escape what the shopper typed', () => {
    const [requested, approved, refused, , refunded] = steps.map((e) => returnStepMail(e, to, link));
    expect(requested.html).toContain('Ring &lt;b&gt;');
    expect(approved.text).toContain('A note from our atelier: Use the prepaid label');
    expect(refused.text).toContain('It was resized for you');
    expect(refunded.subject).toContain('$90.00');
    expect(refunded.text).toContain('less a restocking fee of $10.00');
  });
});
