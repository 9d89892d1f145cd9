import {
  assertNever,
  eventTypes,
  RETURN_EVENT_SCHEMAS,
  returnPolicyRule,
  ReturnStatus,
  type ReturnEvent,
  type ReturnLineData,
} from '@facet/contracts';
import { BadInputError, ConflictError, NotFoundError } from '../../platform/domain/errors';
import { registerPersonalFields } from '../../platform/privacy/personal-fields';

/**
 * The returns of one order (issue 51), on the stream `order-returns-<order id>`: every return of the order
 * folds into one state, so a request is checked against what the other open or accepted returns already ask
 * back, and every step is appended at the revision read (two staff pressing the same button record it once).
 */
export const orderReturnsStream = (orderId: string) => `order-returns-${orderId.toLowerCase()}`;
export const RETURN_EVENT_TYPES = eventTypes(RETURN_EVENT_SCHEMAS);
export type { ReturnEvent };

// The shopper's reason and staff's notes may name people: sealed under the order's subject, erased with it.
registerPersonalFields('ReturnRequested', { subject: (d: { subject_id: string }) => d.subject_id, fields: ['reason'] });
registerPersonalFields('ReturnApproved', { subject: (d: { subject_id: string }) => d.subject_id, fields: ['note'] });
registerPersonalFields('ReturnRefused', { subject: (d: { subject_id: string }) => d.subject_id, fields: ['note'] });

/** A line of the order as a return request reads it (from the order's OrderRequested). */
export interface OrderLineFacts {
  line: number;
  productId: string;
  variantId: string | null;
  productName: string;
  quantity: number;
  unitPriceCents: number;
  engraved: boolean;
}

/** What a request must know of the order: its status, when it was delivered, its lines and whose it is. */
export interface OrderFacts {
  orderId: string;
  status: string;
  /** When it moved to delivered (ISO), null when it has not. */
  deliveredAt: string | null;
  subjectId: string;
  lines: OrderLineFacts[];
}

export interface ReturnState {
  status: ReturnStatus;
  lines: ReturnLineData[];
  reason: string;
  note: string;
  refundCents: number | null;
  restockingFeeCents: number | null;
  exchangeVariantId: string | null;
}

export interface OrderReturnsState {
  /** By return id, in the order they were asked for. */
  returns: Record<string, ReturnState>;
}

export type ReturnCommand =
  | {
      type: 'RequestReturn';
      returnId: string;
      order: OrderFacts;
      lines: { line: number; quantity: number }[];
      reason: string;
      by: string;
      now: Date;
      windowDays: number;
    }
  | { type: 'ApproveReturn'; returnId: string; orderId: string; subjectId: string; note: string; by: string }
  | { type: 'RefuseReturn'; returnId: string; orderId: string; subjectId: string; note: string; by: string }
  | { type: 'ReceiveReturn'; returnId: string; orderId: string; by: string }
  | { type: 'RefundReturn'; returnId: string; orderId: string; refundId: string; restockingFeeCents: number; by: string }
  | { type: 'ExchangeReturn'; returnId: string; orderId: string; variantId: string; by: string };

const DAY_MS = 86_400_000;

/** The last moment a delivered order's lines may be asked back. */
export const returnableUntil = (deliveredAt: string, windowDays: number) => new Date(Date.parse(deliveredAt) + windowDays * DAY_MS);

/** Returns that hold their lines: all but the refused. */
const holdsLines = (r: ReturnState) => r.status !== 'refused';

/** Units of a line already asked back by the order's open or accepted returns. */
export function unitsInReturns(state: OrderReturnsState, line: number): number {
  return Object.values(state.returns)
    .filter(holdsLines)
    .reduce((n, r) => n + r.lines.filter((l) => l.line === line).reduce((m, l) => m + l.quantity, 0), 0);
}

/** Why a line of the order cannot be returned (a policy row, the status, the window), or null. */
export function lineRefusal(
  order: OrderFacts,
  line: OrderLineFacts,
  now: Date,
  windowDays: number,
): { code: string; message: string } | null {
  if (order.status !== 'delivered' || !order.deliveredAt)
    return { code: 'not_delivered', message: 'Only pieces of a delivered order can be returned.' };
  if (now.getTime() > returnableUntil(order.deliveredAt, windowDays).getTime())
    return {
      code: 'window_passed',
      message: `Returns are accepted within ${windowDays} days of delivery; this order was delivered on ${order.deliveredAt.slice(0, 10)}.`,
    };
  if (line.engraved) {
    const rule = returnPolicyRule('engraved');
    return { code: rule.code, message: rule.message };
  }
  return null;
}

/** What the return's lines cost (integer cents), before any restocking fee. */
export const returnLinesCents = (r: Pick<ReturnState, 'lines'>) => r.lines.reduce((n, l) => n + l.quantity * l.unit_price_cents, 0);

const need = (state: OrderReturnsState, returnId: string): ReturnState => {
  const r = state.returns[returnId];
  if (!r) throw new NotFoundError();
  return r;
};

const cannot = (r: ReturnState, what: string) => new ConflictError(`This return is ${r.status}: it cannot be ${what}.`);

const sameLines = (a: { line: number; quantity: number }[], b: { line: number; quantity: number }[]) =>
  a.length === b.length && a.every((l, i) => l.line === b[i].line && l.quantity === b[i].quantity);

export const orderReturns = {
  initialState: (): OrderReturnsState => ({ returns: {} }),

  evolve(state: OrderReturnsState, event: ReturnEvent): OrderReturnsState {
    const id = event.data.return_id;
    const r = state.returns[id];
    const set = (next: ReturnState) => ({ returns: { ...state.returns, [id]: next } });
    switch (event.type) {
      case 'ReturnRequested':
        return set({
          status: 'requested',
          lines: event.data.lines,
          reason: event.data.reason,
          note: '',
          refundCents: null,
          restockingFeeCents: null,
          exchangeVariantId: null,
        });
      case 'ReturnApproved':
        return set({ ...r, status: 'approved', note: event.data.note });
      case 'ReturnRefused':
        return set({ ...r, status: 'refused', note: event.data.note });
      case 'ReturnReceived':
        return set({ ...r, status: 'received' });
      case 'ReturnRefunded':
        return set({ ...r, status: 'refunded', refundCents: event.data.amount_cents, restockingFeeCents: event.data.restocking_fee_cents });
      case 'ReturnExchanged':
        return set({ ...r, status: 'exchanged', exchangeVariantId: event.data.variant_id });
      default:
        return assertNever(event);
    }
  },

  decide(command: ReturnCommand, state: OrderReturnsState): ReturnEvent[] {
    switch (command.type) {
      case 'RequestReturn': {
        const { order, returnId } = command;
        const existing = state.returns[returnId];
        if (existing) {
          // The same request again (a retried submit with the same Idempotency-Key) records nothing more.
          if (sameLines(existing.lines, command.lines) && existing.reason === command.reason) return [];
          throw new ConflictError('This Idempotency-Key was used for another return request.');
        }
        if (command.lines.length === 0) throw new BadInputError('lines must name at least one line to return', 'lines');
        const seen = new Set<number>();
        const lines: ReturnLineData[] = command.lines.map((asked, i) => {
          const line = order.lines.find((l) => l.line === asked.line);
          if (!line) throw new BadInputError(`lines[${i}].line names no line of this order`, `lines[${i}].line`);
          if (seen.has(asked.line)) throw new BadInputError(`lines[${i}].line is named twice`, `lines[${i}].line`);
          seen.add(asked.line);
          const refusal = lineRefusal(order, line, command.now, command.windowDays);
          if (refusal) throw new ConflictError(`${line.productName}: ${refusal.message}`);
          const left = line.quantity - unitsInReturns(state, line.line);
          if (asked.quantity > left)
            throw new ConflictError(
              left > 0
                ? `${line.productName}: at most ${left} more of this line can be returned.`
                : `${line.productName}: every unit of this line is already in a return.`,
            );
          return {
            line: line.line,
            product_id: line.productId,
            variant_id: line.variantId,
            product_name: line.productName,
            quantity: asked.quantity,
            unit_price_cents: line.unitPriceCents,
          };
        });
        return [
          {
            type: 'ReturnRequested',
            data: {
              return_id: returnId,
              order_id: order.orderId,
              lines,
              reason: command.reason,
              subject_id: order.subjectId,
              by: command.by,
            },
          },
        ];
      }
      case 'ApproveReturn': {
        const r = need(state, command.returnId);
        if (r.status === 'approved' && r.note === command.note) return [];
        if (r.status !== 'requested') throw cannot(r, 'approved');
        const data = {
          return_id: command.returnId,
          order_id: command.orderId,
          note: command.note,
          by: command.by,
          subject_id: command.subjectId,
        };
        return [{ type: 'ReturnApproved', data }];
      }
      case 'RefuseReturn': {
        const r = need(state, command.returnId);
        if (r.status === 'refused' && r.note === command.note) return [];
        if (r.status !== 'requested') throw cannot(r, 'refused');
        if (!command.note) throw new BadInputError('note must say why the return is refused (the shopper reads it)', 'note');
        const data = {
          return_id: command.returnId,
          order_id: command.orderId,
          note: command.note,
          by: command.by,
          subject_id: command.subjectId,
        };
        return [{ type: 'ReturnRefused', data }];
      }
      case 'ReceiveReturn': {
        const r = need(state, command.returnId);
        if (['received', 'refunded', 'exchanged'].includes(r.status)) return [];
        if (r.status !== 'approved') throw cannot(r, 'marked received (approve it first)');
        return [{ type: 'ReturnReceived', data: { return_id: command.returnId, order_id: command.orderId, by: command.by } }];
      }
      case 'RefundReturn': {
        const r = need(state, command.returnId);
        if (r.status === 'refunded') return [];
        if (r.status !== 'received') throw cannot(r, 'refunded (mark it received first)');
        const total = returnLinesCents(r);
        const fee = command.restockingFeeCents;
        if (!Number.isSafeInteger(fee) || fee < 0 || fee > total)
          throw new BadInputError(`restocking_fee must be whole cents from 0 to ${total}`, 'restocking_fee');
        return [
          {
            type: 'ReturnRefunded',
            data: {
              return_id: command.returnId,
              order_id: command.orderId,
              amount_cents: total - fee,
              restocking_fee_cents: fee,
              refund_id: command.refundId,
              by: command.by,
            },
          },
        ];
      }
      case 'ExchangeReturn': {
        const r = need(state, command.returnId);
        if (r.status === 'exchanged' && r.exchangeVariantId === command.variantId) return [];
        if (r.status !== 'received') throw cannot(r, 'exchanged (mark it received first)');
        const [line] = r.lines;
        if (r.lines.length !== 1 || line.quantity !== 1)
          throw new ConflictError('An exchange swaps one unit of one line for another size of the same piece; refund the others.');
        if (line.variant_id === command.variantId)
          throw new BadInputError('exchange_variant_id is the variant returned', 'exchange_variant_id');
        return [
          {
            type: 'ReturnExchanged',
            data: {
              return_id: command.returnId,
              order_id: command.orderId,
              from_variant_id: line.variant_id,
              variant_id: command.variantId,
              by: command.by,
            },
          },
        ];
      }
    }
  },
};

/** The amount a refund of this return gives back for a restocking fee (cents); the decider refuses a fee above the lines' price. */
export function refundAmountCents(r: ReturnState, restockingFeeCents: number): number {
  return returnLinesCents(r) - restockingFeeCents;
}
