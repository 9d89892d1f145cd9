import { actorLabel, describeChange } from './describeChange';

/** One payload per event type the shop records (as the audit API returns it, personal data opened or null). */
const SAMPLES: Record<string, Record<string, unknown>> = {
  ProductCreated: { product_id: 'p', name: 'Titan Band', price_cents: 125_000, category: 'men-rings', in_stock: true },
  ProductEdited: { product_id: 'p', changes: { price_cents: 99_000, name: 'Titan Band II' }, version: 3 },
  ProductDeleted: { product_id: 'p' },
  InventoryCleared: { products: 40 },
  CatalogueSeeded: { products: 40 },
  StaffMemberAdded: { staff_id: 's', email: 'e@x.co', role: 'staff' },
  StaffRoleChanged: { staff_id: 's', from: 'staff', to: 'admin' },
  StaffPasswordChanged: { staff_id: 's', password_hash: '[redacted]' },
  StaffMemberRemoved: { staff_id: 's' },
  CustomerRegistered: { customer_id: 'c', email: 'a@b.co', first_name: 'A' },
  CustomerVerificationIssued: { customer_id: 'c', code_hash: '[redacted]' },
  CustomerEmailVerified: { customer_id: 'c' },
  CustomerProfileUpdated: { customer_id: 'c', changes: { phone: '+1 555 123 4567' } },
  CustomerPasswordChanged: { customer_id: 'c' },
  CustomerPasswordResetRequested: { customer_id: 'c' },
  CustomerDeleted: { customer_id: 'c', guest_subject: 'email:x' },
  OrderRequested: {
    order_id: 'o',
    kind: 'card',
    status: 'pending',
    payment_status: 'unpaid',
    total_cents: 13_300,
    items: [{}, {}],
    shipping: null,
  },
  OrderStatusChanged: { order_id: 'o', from: 'pending', to: 'cancelled', note: 'asked by phone', by: 'staff:1' },
  OrderPaid: { order_id: 'o', session_id: 'cs_1', amount_cents: 13_300, currency: 'usd' },
  OrderPaymentFailed: { order_id: 'o', session_id: 'cs_1', payment_status: 'failed', reason: 'Your card was declined.' },
  OrderCheckoutOpened: { order_id: 'o', session_id: 'cs_2', url: 'http://x/cs_2', expires_at: '2030-01-01', replaces: 'cs_1' },
  OrderExpired: { order_id: 'o', pay_by: '2030-01-01', reason: 'Not paid in time' },
  OrderNoteAdded: { order_id: 'o', status: 'contacted', note: 'Second call', by: 'staff:1' },
  ConsultationHoldConfirmed: { order_id: 'o', by: 'staff:1' },
  ConsultationHoldLapsed: { order_id: 'o', held_since: '2030-01-01T00:00:00Z', hold_hours: 72 },
  OrderRefundRequested: { order_id: 'o', session_id: 'cs_2', amount_cents: 13_300, currency: 'usd', reason: 'The order was cancelled.' },
  OrderPaymentRejected: { order_id: 'o', session_id: 'cs_3', amount_cents: 13_300, currency: 'usd', reason: 'The order is cancelled' },
  PaymentSessionOpened: {
    session_id: 'cs_1',
    order_id: 'o',
    provider: 'sandbox',
    amount_cents: 13_300,
    currency: 'usd',
    expires_at: '2030',
  },
  PaymentSucceeded: { session_id: 'cs_1', order_id: 'o', amount_cents: 13_300, currency: 'usd', method: 'card', card_last_4: '4242' },
  PaymentFailed: { session_id: 'cs_1', order_id: 'o', reason: 'Your card was declined.' },
  PaymentExpired: { session_id: 'cs_1', order_id: 'o' },
  PaymentCancelled: { session_id: 'cs_1', order_id: 'o' },
  PaymentRefunded: { session_id: 'cs_3', order_id: 'o', amount_cents: 13_300, currency: 'usd', refund_id: 're_1', reason: 'cancelled' },
  MailSent: {
    mail_id: 'm',
    kind: 'payment-receipt',
    to: 'a@b.co',
    subject: 'Your receipt',
    html: '<p>…</p>',
    text: '…',
    subject_id: 'email:a',
    delivered: true,
  },
  CustomDesignSubmitted: { design_id: 'd', category: 'women', jewelry_type: 'women-rings', contact_email: 'a@b.co' },
  CustomDesignStatusChanged: { design_id: 'd', from: 'pending', to: 'contacted' },
  CustomDesignDeleted: { design_id: 'd' },
  CustomDesignNoteAdded: { design_id: 'd', status: 'contacted', note: 'Sent sketches' },
  ContactMessageReceived: { message_id: 'm', name: 'A', subject: 'Resize', message: 'x'.repeat(500) },
  ContactMessageHandled: { message_id: 'm', handled: true },
  ContactMessageNoteAdded: { message_id: 'm', note: 'Called back again' },
};

describe('describeChange', () => {
  it.each(Object.entries(SAMPLES))('should say what %s changed, with no "undefined"', (type, data) => {
    const line = describeChange(data, type);
    expect(line).not.toMatch(/undefined|NaN|\[object Object\]/);
    expect(line.trim()).not.toBe('');
  });

  it('should show a mail by its recipient and subject, not as a status move', () => {
    const line = describeChange(SAMPLES.MailSent, 'MailSent');
    expect(line).toContain('to: a@b.co');
    expect(line).toContain('subject: Your receipt');
    expect(line).not.toContain('→');
    // Erased: the recipient is null, still no "undefined".
    expect(describeChange({ ...SAMPLES.MailSent, to: null, subject: null }, 'MailSent')).toContain('to: —');
    // Held back by the recipient cap (MailSent version 3): the audit log says so.
    const version3 = { ...SAMPLES.MailSent, html: undefined, text: undefined, template_version: 2, content_sha256: 'ab12' };
    expect(describeChange({ ...version3, delivered: false, suppressed: 'recipient-cap' }, 'MailSent')).toContain(
      'suppressed: recipient-cap',
    );
  });

  it('should show status moves, money and refunds', () => {
    expect(describeChange(SAMPLES.OrderStatusChanged, 'OrderStatusChanged')).toBe('pending → cancelled · note: “asked by phone”');
    expect(describeChange(SAMPLES.PaymentRefunded, 'PaymentRefunded')).toContain('amount: $133.00');
    expect(describeChange(SAMPLES.ProductEdited, 'ProductEdited')).toBe('price: $990.00 · name: Titan Band II');
    expect(describeChange({ order_id: 'o' }, 'Something')).toBe('order_id');
  });
});

describe('actorLabel', () => {
  it('should name staff by the name the API gives, and every other actor in words', () => {
    expect(actorLabel({ type: 'staff', id: 's1', name: 'Clara Historian' })).toBe('Clara Historian (staff)');
    // A removed member: the API says "staff"; an old response without a name says nothing more either.
    expect(actorLabel({ type: 'staff', id: 's1', name: 'staff' })).toBe('staff');
    expect(actorLabel({ type: 'staff', id: 's1', name: null })).toBe('staff');
    expect(actorLabel({ type: 'staff', id: 's1', name: '   ' })).toBe('staff');
    expect(actorLabel({ type: 'customer', id: 'c1', name: 'customer' })).toBe('customer');
    expect(actorLabel({ type: 'customer', id: 'c1' })).toBe('customer');
    expect(actorLabel({ type: 'anonymous', name: 'guest' })).toBe('guest');
    expect(actorLabel({ type: 'anonymous' })).toBe('guest');
    expect(actorLabel({ type: 'system' })).toBe('system');
  });

  it('should not break on odd shapes', () => {
    for (const odd of [undefined, null, {}, { type: 'robot' }, { type: 42 as unknown as string }, 'staff' as unknown as object]) {
      expect(actorLabel(odd as any)).toBe('system');
    }
    expect(actorLabel({ type: 'staff', name: '<img src=x onerror=alert(1)>' })).toBe('<img src=x onerror=alert(1)> (staff)'); // React escapes it
    expect(actorLabel({ type: 'staff', name: 'Ada\u0000 Lovelace' })).toBe('Ada\u0000 Lovelace (staff)');
  });
});
