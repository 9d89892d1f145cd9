import type { CustomerDeleted, ReturnEvent } from '@facet/contracts';

type ReturnsEvent = ReturnEvent | CustomerDeleted;
import { effectStatements, readModelSpec, recorded } from '../../testing/read-model-spec';
import { returnsReadModel } from './returns.projection';

const returns = readModelSpec(returnsReadModel);
const ORDER = '0f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f';
const R1 = '11111111-1111-4111-8111-111111111111';
const T = (n: number) => `2026-03-0${n}T10:00:00.000Z`;
const line = { line: 0, product_id: 'p-ring', variant_id: 'v-ring-6', product_name: 'Ring', quantity: 1, unit_price_cents: 10_000 };
const e = (event: ReturnEvent, day: number) => recorded<ReturnsEvent>(event, { occurredAt: T(day) });
const requested = e(
  {
    type: 'ReturnRequested',
    data: { return_id: R1, order_id: ORDER, lines: [line], reason: 'Too small', subject_id: 'customer:c1', by: 'customer:c1' },
  },
  1,
);
const decided = { return_id: R1, order_id: ORDER, by: 'staff:s1', subject_id: 'customer:c1' };
const approved = e({ type: 'ReturnApproved', data: { ...decided, note: 'Please send it back' } }, 2);
const refused = e({ type: 'ReturnRefused', data: { ...decided, note: 'It was resized for you' } }, 2);
const received = e({ type: 'ReturnReceived', data: { return_id: R1, order_id: ORDER, by: 'staff:s1' } }, 3);
const refunded = e(
  {
    type: 'ReturnRefunded',
    data: { return_id: R1, order_id: ORDER, amount_cents: 9_000, restocking_fee_cents: 1_000, refund_id: 're_1', by: 'staff:s1' },
  },
  4,
);
const exchanged = e(
  {
    type: 'ReturnExchanged',
    data: { return_id: R1, order_id: ORDER, from_variant_id: 'v-ring-6', variant_id: 'v-ring-7', by: 'staff:s1' },
  },
  4,
);

describe('rm.returns', () => {
  it('should keep a request with its lines, reason and first step', () => {
    returns.given(requested).thenRow(R1, {
      id: R1,
      order_id: ORDER,
      subject_id: 'customer:c1',
      status: 'requested',
      reason: 'Too small',
      lines: [line],
      note: '',
      refund_cents: null,
      restocking_fee_cents: null,
      refund_id: null,
      exchange_variant_id: null,
      history: [{ at: T(1), status: 'requested', note: '' }],
      requested_at: T(1),
      updated_at: T(1),
    });
  });

  it('should follow approval, receipt and refund, each a step, the staff note kept for the shopper', () => {
    returns.given(requested, approved, received, refunded).thenRowMatches(R1, {
      status: 'refunded',
      note: 'Please send it back',
      refund_cents: 9_000,
      restocking_fee_cents: 1_000,
      refund_id: 're_1',
      history: [
        { at: T(1), status: 'requested', note: '' },
        { at: T(2), status: 'approved', note: 'Please send it back' },
        { at: T(3), status: 'received', note: '' },
        { at: T(4), status: 'refunded', note: '' },
      ],
      requested_at: T(1),
      updated_at: T(4),
    });
  });

  it('should show a refusal with its note, and an exchange with the new variant', () => {
    returns.given(requested, refused).thenRowMatches(R1, { status: 'refused', note: 'It was resized for you' });
    returns.given(requested, approved, received, exchanged).thenRowMatches(R1, { status: 'exchanged', exchange_variant_id: 'v-ring-7' });
  });

  it('should read as the purge leaves it when replayed after an erasure, and erase every row of the subject live', async () => {
    const sealedOpenedErased = e({ ...requested, data: { ...requested.data, reason: 'erased' } } as ReturnEvent, 1);
    returns.given(sealedOpenedErased).thenRowMatches(R1, { subject_id: 'erased', reason: 'erased' });
    const deleted = recorded<ReturnsEvent>({
      type: 'CustomerDeleted',
      data: { customer_id: 'c1', deleted_by: 'self', guest_subject: null },
    });
    const effect = returns.effectOf(deleted);
    expect(effect?.name).toMatch(/erase/);
    const sent = await effectStatements(effect!, deleted);
    expect(sent[0].sql).toMatch(/UPDATE returns SET subject_id = \$2, reason = \$2/);
    expect(sent[0].params[0]).toContain('customer:c1');
  });

  it('should keep the request once when it is seen twice, and no row for a step without its request', () => {
    returns.given(requested, requested).thenRowMatches(R1, { history: [{ at: T(1), status: 'requested', note: '' }] });
    returns.given(approved).thenNoRow(R1);
  });
});
