import type { ReturnEvent } from '@facet/contracts';
import { BadInputError, ConflictError, NotFoundError } from '../../platform/domain/errors';
import { decider } from '../../testing/given-when-then';
import { OrderFacts, orderReturns, ReturnCommand } from './order-returns';

const returns = decider(orderReturns);
const ORDER = '0f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f';
const R1 = '11111111-1111-4111-8111-111111111111';
const R2 = '22222222-2222-4222-8222-222222222222';
const DELIVERED = '2026-03-01T12:00:00.000Z';
const NOW = new Date('2026-03-10T12:00:00.000Z');

const order: OrderFacts = {
  orderId: ORDER,
  status: 'delivered',
  deliveredAt: DELIVERED,
  subjectId: 'customer:c1',
  lines: [
    { line: 0, productId: 'p-ring', variantId: 'v-ring-6', productName: 'Ring', quantity: 2, unitPriceCents: 10_000, engraved: false },
    { line: 1, productId: 'p-band', variantId: 'v-band', productName: 'Band', quantity: 1, unitPriceCents: 5_000, engraved: true },
  ],
};

const request = (over: Partial<Extract<ReturnCommand, { type: 'RequestReturn' }>> = {}): ReturnCommand => ({
  type: 'RequestReturn',
  returnId: R1,
  order,
  lines: [{ line: 0, quantity: 1 }],
  reason: 'Too small',
  by: 'customer:c1',
  now: NOW,
  windowDays: 30,
  ...over,
});

const requested = (returnId = R1, quantity = 1): ReturnEvent => ({
  type: 'ReturnRequested',
  data: {
    return_id: returnId,
    order_id: ORDER,
    lines: [{ line: 0, product_id: 'p-ring', variant_id: 'v-ring-6', product_name: 'Ring', quantity, unit_price_cents: 10_000 }],
    reason: 'Too small',
    subject_id: 'customer:c1',
    by: 'customer:c1',
  },
});
const decided = { return_id: R1, order_id: ORDER, note: 'Send it back', by: 'staff:s1', subject_id: 'customer:c1' };
const approved: ReturnEvent = { type: 'ReturnApproved', data: decided };
const refused: ReturnEvent = { type: 'ReturnRefused', data: { ...decided, note: 'It was resized' } };
const received: ReturnEvent = { type: 'ReturnReceived', data: { return_id: R1, order_id: ORDER, by: 'staff:s1' } };
const refunded: ReturnEvent = {
  type: 'ReturnRefunded',
  data: { return_id: R1, order_id: ORDER, amount_cents: 9_000, restocking_fee_cents: 1_000, refund_id: 're_1', by: 'staff:s1' },
};
const staff = { returnId: R1, orderId: ORDER, by: 'staff:s1' };
const note = { subjectId: 'customer:c1', note: 'Send it back' };

describe('The returns of an order', () => {
  describe('a request', () => {
    it('should record the lines asked back with their price as ordered', () => {
      returns.given().when(request()).then(requested());
    });

    it('should accept the last day of the window and refuse the day after, saying the window', () => {
      returns
        .given()
        .when(request({ now: new Date('2026-03-31T12:00:00.000Z') }))
        .then(requested());
      returns
        .given()
        .when(request({ now: new Date('2026-03-31T12:00:01.000Z') }))
        .thenError(ConflictError, /within 30 days of delivery/);
      returns
        .given()
        .when(request({ windowDays: 5 }))
        .thenError(ConflictError, /within 5 days/);
    });

    it('should refuse an order not delivered', () => {
      for (const status of ['processing', 'shipped', 'cancelled']) {
        returns
          .given()
          .when(request({ order: { ...order, status, deliveredAt: null } }))
          .thenError(ConflictError, /Only pieces of a delivered order/);
      }
    });

    it('should refuse an engraved line with the policy message', () => {
      returns
        .given()
        .when(request({ lines: [{ line: 1, quantity: 1 }] }))
        .thenError(ConflictError, 'Band: This piece was engraved for you, so it cannot be returned.');
    });

    it('should refuse more units than were delivered, counting what other open or accepted returns hold', () => {
      returns
        .given()
        .when(request({ lines: [{ line: 0, quantity: 3 }] }))
        .thenError(ConflictError, /at most 2 more/);
      returns
        .given(requested(R1, 1))
        .when(request({ returnId: R2, lines: [{ line: 0, quantity: 2 }] }))
        .thenError(ConflictError, /at most 1 more/);
      returns
        .given(requested(R1, 2), approved, received, refunded)
        .when(request({ returnId: R2 }))
        .thenError(ConflictError, /every unit of this line is already in a return/);
      // A refused return gives its units back to ask again.
      returns
        .given(requested(R1, 2), refused)
        .when(request({ returnId: R2, lines: [{ line: 0, quantity: 2 }] }))
        .events();
    });

    it('should name the field of a line that is not the order’s, named twice, or no lines at all', () => {
      returns
        .given()
        .when(request({ lines: [] }))
        .thenError(BadInputError, /at least one/, { field: 'lines' });
      returns
        .given()
        .when(request({ lines: [{ line: 7, quantity: 1 }] }))
        .thenError(BadInputError, /names no line/, { field: 'lines[0].line' });
      returns
        .given()
        .when(
          request({
            lines: [
              { line: 0, quantity: 1 },
              { line: 0, quantity: 1 },
            ],
          }),
        )
        .thenError(BadInputError, /named twice/, { field: 'lines[1].line' });
    });

    it('should record a retried request once, and refuse its id for another request', () => {
      returns.given(requested()).when(request()).then();
      returns
        .given(requested())
        .when(request({ reason: 'Other words' }))
        .thenError(ConflictError, /Idempotency-Key/);
    });
  });

  describe('staff steps', () => {
    it('should move requested → approved → received → refunded, the refund less the restocking fee', () => {
      returns
        .given(requested())
        .when({ type: 'ApproveReturn', ...staff, ...note })
        .then(approved);
      returns
        .given(requested(), approved)
        .when({ type: 'ReceiveReturn', ...staff })
        .then(received);
      returns
        .given(requested(), approved, received)
        .when({ type: 'RefundReturn', ...staff, refundId: 're_1', restockingFeeCents: 1_000 })
        .then(refunded);
      expect(returns.given(requested(), approved, received, refunded).state().returns[R1]).toMatchObject({
        status: 'refunded',
        refundCents: 9_000,
        restockingFeeCents: 1_000,
      });
    });

    it('should refuse with a note the shopper reads, and never without one', () => {
      returns
        .given(requested())
        .when({ type: 'RefuseReturn', ...staff, subjectId: 'customer:c1', note: 'It was resized' })
        .then(refused);
      returns
        .given(requested())
        .when({ type: 'RefuseReturn', ...staff, subjectId: 'customer:c1', note: '' })
        .thenError(BadInputError, /note must say why/, { field: 'note' });
    });

    it('should record each step once however often it is sent', () => {
      returns
        .given(requested(), approved)
        .when({ type: 'ApproveReturn', ...staff, ...note })
        .then();
      returns
        .given(requested(), refused)
        .when({ type: 'RefuseReturn', ...staff, subjectId: 'customer:c1', note: 'It was resized' })
        .then();
      returns
        .given(requested(), approved, received)
        .when({ type: 'ReceiveReturn', ...staff })
        .then();
      returns
        .given(requested(), approved, received, refunded)
        .when({ type: 'ReceiveReturn', ...staff })
        .then();
      returns
        .given(requested(), approved, received, refunded)
        .when({ type: 'RefundReturn', ...staff, refundId: 're_2', restockingFeeCents: 0 })
        .then();
    });

    it('should refuse steps out of order', () => {
      returns
        .given(requested())
        .when({ type: 'ReceiveReturn', ...staff })
        .thenError(ConflictError, /requested: it cannot be marked received/);
      returns
        .given(requested(), approved)
        .when({ type: 'RefundReturn', ...staff, refundId: 're_1', restockingFeeCents: 0 })
        .thenError(ConflictError, /approved: it cannot be refunded/);
      returns
        .given(requested(), refused)
        .when({ type: 'ApproveReturn', ...staff, ...note })
        .thenError(ConflictError, /refused: it cannot be approved/);
      returns
        .given(requested(), approved)
        .when({ type: 'RefuseReturn', ...staff, subjectId: 'customer:c1', note: 'no' })
        .thenError(ConflictError, /approved: it cannot be refused/);
      returns
        .given(requested(), approved, received, refunded)
        .when({ type: 'ExchangeReturn', ...staff, variantId: 'v-ring-7' })
        .thenError(ConflictError, /refunded: it cannot be exchanged/);
      returns
        .given()
        .when({ type: 'ApproveReturn', ...staff, ...note })
        .thenError(NotFoundError, /./);
    });

    it('should refuse a restocking fee below 0, fractional, or above the lines’ price', () => {
      for (const fee of [-1, 0.5, 10_001, Number.MAX_SAFE_INTEGER + 2]) {
        returns
          .given(requested(), approved, received)
          .when({ type: 'RefundReturn', ...staff, refundId: 're_1', restockingFeeCents: fee })
          .thenError(BadInputError, /restocking_fee must be whole cents from 0 to 10000/, { field: 'restocking_fee' });
      }
      returns
        .given(requested(), approved, received)
        .when({ type: 'RefundReturn', ...staff, refundId: 're_1', restockingFeeCents: 10_000 })
        .then({ ...refunded, data: { ...refunded.data, amount_cents: 0, restocking_fee_cents: 10_000 } });
    });

    it('should exchange one received unit for another variant, once', () => {
      const exchanged: ReturnEvent = {
        type: 'ReturnExchanged',
        data: { return_id: R1, order_id: ORDER, from_variant_id: 'v-ring-6', variant_id: 'v-ring-7', by: 'staff:s1' },
      };
      returns
        .given(requested(), approved, received)
        .when({ type: 'ExchangeReturn', ...staff, variantId: 'v-ring-7' })
        .then(exchanged);
      returns
        .given(requested(), approved, received, exchanged)
        .when({ type: 'ExchangeReturn', ...staff, variantId: 'v-ring-7' })
        .then();
      returns
        .given(requested(), approved, received)
        .when({ type: 'ExchangeReturn', ...staff, variantId: 'v-ring-6' })
        .thenError(BadInputError, /the variant returned/, { field: 'exchange_variant_id' });
      returns
        .given(requested(R1, 2), approved, received)
        .when({ type: 'ExchangeReturn', ...staff, variantId: 'v-ring-7' })
        .thenError(ConflictError, /one unit of one line/);
    });
  });
});
