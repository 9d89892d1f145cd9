import { isPayableOrder, orderStatusLabel, orderStatusMessage, ORDER_STATUSES, ORDER_TRANSITIONS, paymentStatusLabel } from './orders';
import { MAX_QUANTITY_PER_LINE, mergeLines, onlineOrderLimitMessage, quantityLimitMessage } from './pricing';

describe('order statuses and limits', () => {
  it('should give every status a transition list and a message for the new ones', () => {
    for (const s of ORDER_STATUSES) expect(ORDER_TRANSITIONS[s]).toBeDefined();
    expect(orderStatusMessage('awaiting_payment')).toMatch(/^Awaiting payment/);
    expect(orderStatusMessage('expired')).toBe('This order expired unpaid; nothing was charged and the pieces held for it were released');
    // A shopper's cancel on the provider's page is a cancel (issue 48), not a session that ran out.
    expect(orderStatusMessage('awaiting_payment', null, 'cancelled')).toMatch(/^Awaiting payment: you cancelled the payment/);
    expect(paymentStatusLabel('cancelled')).toBe('Cancelled by the shopper');
    expect(paymentStatusLabel('expired')).toBe('Expired');
    expect(orderStatusLabel('awaiting_payment')).toBe('Awaiting payment');
    // Issue 41: an unpaid card order is not "processing shortly"; an unfinished attempt was not declined.
    expect(orderStatusMessage('pending', null, 'unpaid')).toBe('Order received, awaiting payment: nothing has been charged yet');
    expect(orderStatusMessage('pending')).toBe('Order received, processing will begin shortly');
    expect(orderStatusMessage('awaiting_payment', null, 'expired')).toMatch(/^Awaiting payment: the payment was not completed/);
    expect(orderStatusMessage('awaiting_payment', null, 'failed')).toMatch(/^Awaiting payment: your payment did not go through/);
    expect(ORDER_TRANSITIONS.awaiting_payment).toEqual(['cancelled']);
    expect(ORDER_TRANSITIONS.expired).toEqual([]);
  });

  it('should say which orders may still be paid', () => {
    expect(isPayableOrder({ kind: 'card', status: 'pending', payment_status: 'unpaid' })).toBe(true);
    expect(isPayableOrder({ kind: 'card', status: 'awaiting_payment', payment_status: 'failed' })).toBe(true);
    expect(isPayableOrder({ kind: 'card', status: 'expired', payment_status: 'expired' })).toBe(false);
    expect(isPayableOrder({ kind: 'card', status: 'processing', payment_status: 'paid' })).toBe(false);
    expect(isPayableOrder({ kind: 'consultation', status: 'pending', payment_status: 'pending_consultation' })).toBe(false);
  });

  it('should merge duplicate lines and word the limits', () => {
    const merged = mergeLines(
      [
        { id: 'A', quantity: 2 },
        { id: 'b', quantity: 1 },
        { id: 'a', quantity: 3 },
      ],
      (l) => l.id,
    );
    expect(merged).toEqual([
      { id: 'A', quantity: 5 },
      { id: 'b', quantity: 1 },
    ]);
    expect(MAX_QUANTITY_PER_LINE).toBe(10);
    expect(quantityLimitMessage('Titan Band')).toBe('You can order at most 10 of Titan Band. For more, please request a consultation.');
    expect(onlineOrderLimitMessage(500_000)).toBe(
      'Orders over $5,000 are arranged with our specialists. Please submit a consultation request instead of paying online.',
    );
  });
});
