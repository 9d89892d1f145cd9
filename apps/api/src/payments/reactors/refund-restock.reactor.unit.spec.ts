import { ReturnRefundedStockCommand } from '../../inventory';
import { RecordedEvent } from '../../platform/event-store/event-store';
import type { PaymentRefunded } from '../domain/payment-session';
import { RefundRestockReactor } from './refund-restock.reactor';

const refundedEvent = (data: Partial<PaymentRefunded['data']>): RecordedEvent<PaymentRefunded> =>
  ({
    type: 'PaymentRefunded',
    data: {
      session_id: 's1',
      order_id: 'o1',
      amount_cents: 100,
      currency: 'usd',
      refund_id: 're_1',
      reason: 'Came back',
      by: 'u1',
      ...data,
    },
  }) as RecordedEvent<PaymentRefunded>;

describe('refund-restock reactor (issue 51)', () => {
  const sent: unknown[] = [];
  const reactor = new RefundRestockReactor({ execute: async (c: unknown) => void sent.push(c) } as never);
  beforeEach(() => (sent.length = 0));

  it("sends inventory the refund's lines, keyed by the refund id, by the staff member who refunded", async () => {
    await reactor.react(refundedEvent({ restock: true, restock_lines: [{ variant_id: 'v1', quantity: 2 }] }));
    expect(sent).toEqual([new ReturnRefundedStockCommand('re_1', 'o1', [{ variantId: 'v1', quantity: 2 }], 'staff:u1')]);
    // A redelivery sends the same command again: inventory finds the refund id on the variant's stream and returns nothing more.
    await reactor.react(refundedEvent({ restock: true, restock_lines: [{ variant_id: 'v1', quantity: 2 }] }));
    expect((sent[1] as ReturnRefundedStockCommand).refundId).toBe('re_1');
  });

  it('moves no stock for a refund without restock, or one recorded before lines were named', async () => {
    await reactor.react(refundedEvent({ restock: false }));
    await reactor.react(refundedEvent({ restock: true }));
    await reactor.react(refundedEvent({ restock: true, restock_lines: [] }));
    await reactor.react(refundedEvent({}));
    expect(sent).toEqual([]);
  });
});
