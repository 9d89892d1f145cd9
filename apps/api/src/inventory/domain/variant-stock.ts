import {
  assertNever,
  hasVisibleText,
  MAX_STOCK_UNITS,
  ReleaseReason,
  StockVariantRef,
  eventTypes,
  INVENTORY_EVENT_SCHEMAS,
  type InventoryEvent as StockEvent,
  type ReservationConfirmed,
  type ReservationReleased,
  type StockAdjusted,
  type StockReserved,
  type StockReturned,
} from '@facet/contracts';
import { BadInputError, ConflictError, NotFoundError } from '../../platform/domain/errors';
import { unstorableReason } from '../../platform/http/storable-input';

/**
 * The stock of one stocked variant, on its own stream `variant-<variantId>` (issue 40). Units on hand, and
 * units reserved by orders not yet paid, cancelled or expired; available = on hand - reserved, never below
 * 0. Every movement is an event: staff see them in the ledger, auditors as of any moment.
 */
export const variantStream = (variantId: string) => `variant-${variantId}`;

/** Most units one order reserves of one variant (its lines of that variant together). */
export const MAX_RESERVED_UNITS = 1000;
/** Longest reason staff may give for a movement. */
export const MAX_REASON_LENGTH = 200;
/** The reason of the first stock a variant gets (from the admin product routes). */
export const INITIAL_STOCK_REASON = 'initial stock';
/** The reason of a later count sent through the product form. */
export const PRODUCT_FORM_REASON = 'stock set in the product form';

export const NO_STOCK_RECORD = 'No such stocked variant (it is made to order, or not a variant of any product).';
/** Why a variant with counts is not answered: the catalogue no longer lists it (its units are no longer for sale). */
export const VARIANT_NOT_LISTED =
  'This variant is no longer listed in the catalogue (removed from its product, or its product deleted); its units are not for sale.';

/**
 * The variant as its product lists it now, for the staff stock route: a variant the catalogue no longer lists
 * (removed from its product, or the product deleted) is a 404 with the reason, never the counts it had.
 */
export function listedVariant<V extends { variant_id: string }>(variantId: string, product: { variants?: readonly V[] } | undefined): V {
  const listed = product?.variants?.find((v) => v.variant_id === variantId);
  if (!listed) throw new NotFoundError(VARIANT_NOT_LISTED);
  return listed;
}

export type { ReleaseReason };
export const RELEASE_REASONS: readonly ReleaseReason[] = ['expired', 'cancelled', 'payment_failed', 'order_not_placed'];

// The events live in libs/contracts/src/events/inventory.ts (issue 42); these names keep the part's imports.
export type { StockEvent, ReservationConfirmed, ReservationReleased, StockAdjusted, StockReserved, StockReturned };

export const STOCK_EVENT_TYPES = eventTypes(INVENTORY_EVENT_SCHEMAS);

export type ReservationStatus = 'open' | 'confirmed' | 'released';
export const RESERVATION_STATUSES: readonly ReservationStatus[] = ['open', 'confirmed', 'released'];

export interface Reservation {
  quantity: number;
  status: ReservationStatus;
  releasedFor: ReleaseReason | null;
  /** Units of a confirmed reservation staff (or a cancellation) put back on hand. */
  returned: number;
}

export interface VariantStockState {
  exists: boolean;
  productId: string | null;
  onHand: number;
  reserved: number;
  /** By order id (or, for an exchange's unit, by the return's id). */
  reservations: Record<string, Reservation>;
  /** The staff refunds whose units came back here (each returns once, however often its event is delivered). */
  refundsReturned: string[];
  /** The keys of keyed returns already recorded (a return's receipt): the same key returns nothing again. */
  returnedKeys: Record<string, true>;
}

export type VariantStockCommand =
  /** Staff: change on hand by `delta`, or to `setTo` units; `productId` for a stocked variant's first count. */
  | { type: 'Adjust'; variantId: string; productId?: string; delta?: number; setTo?: number; reason: string; by: string }
  /** The admin product routes: the first count (reason 'initial stock'), or a later one set to. */
  | { type: 'SetInitialStock'; variantId: string; productId: string; quantity: number; by: string }
  /** An order being placed holds units; `item` names the piece in the refusal ("Ring (Size 6)"). */
  | { type: 'Reserve'; variantId: string; productId: string; orderId: string; quantity: number; item: string }
  | { type: 'Release'; variantId: string; orderId: string; reason: ReleaseReason }
  | { type: 'Confirm'; variantId: string; orderId: string }
  /**
   * Units back on hand: a piece returned (of an order, or not), or a paid order cancelled before shipping. With a
   * `key` (a return's receipt), the same key seen again returns nothing more.
   */
  | { type: 'Return'; variantId: string; orderId: string | null; quantity: number; reason: string; by: string; key?: string }
  /** A paid order cancelled before it shipped: its units not yet returned go back on hand (once). */
  | { type: 'ReturnOrder'; variantId: string; orderId: string; reason: string; by: string }
  /** Staff refunded the order saying these units came back (issue 51): on hand once per refund. */
  | { type: 'ReturnRefunded'; variantId: string; orderId: string; refundId: string; quantity: number; by: string };

/** The ledger's reason for units that came back with a staff refund. */
export const REFUND_RETURN_REASON = 'came back with a staff refund';

export const available = (s: Pick<VariantStockState, 'onHand' | 'reserved'>) => Math.max(0, s.onHand - s.reserved);

const isWhole = (n: unknown, min: number, max: number): n is number =>
  Number.isSafeInteger(n) && (n as number) >= min && (n as number) <= max;

function requireWhole(n: unknown, min: number, max: number, field: string): number {
  if (!isWhole(n, min, max)) throw new BadInputError(`${field} must be a whole number from ${min} to ${max}`, field);
  return n;
}

/** A reason is stored in events and read models: visible, storable, at most 200 characters. */
function requireReason(reason: unknown): string {
  if (typeof reason !== 'string' || !hasVisibleText(reason)) throw new BadInputError('reason is required', 'reason');
  const unstorable = unstorableReason(reason);
  if (unstorable) throw new BadInputError(`reason ${unstorable}`, 'reason');
  if (reason.length > MAX_REASON_LENGTH) throw new BadInputError(`reason must be at most ${MAX_REASON_LENGTH} characters`, 'reason');
  return reason;
}

/** The refusal a shopper reads when fewer units are left than they asked for. */
export function shortageMessage(item: string, left: number): string {
  return left > 0 ? `Only ${left} left of ${item}.` : `${item} is sold out.`;
}

/** "Ring (Size 6.5)", or "Ring" for the one variant of a plain product. */
export const itemName = (productName: string, label: string) => (label ? `${productName} (${label})` : productName);

const ref = (state: VariantStockState, variantId: string): StockVariantRef => ({
  variant_id: variantId,
  product_id: state.productId as string,
});

export const variantStock = {
  initialState: (): VariantStockState => ({
    exists: false,
    productId: null,
    onHand: 0,
    reserved: 0,
    reservations: {},
    refundsReturned: [],
    returnedKeys: {},
  }),

  evolve(state: VariantStockState, event: StockEvent): VariantStockState {
    const d = event.data;
    const base = { ...state, exists: true, productId: state.productId ?? d.product_id };
    const reservation = (orderId: string): Reservation =>
      state.reservations[orderId] ?? { quantity: 0, status: 'released', releasedFor: null, returned: 0 };
    const withReservation = (orderId: string, r: Reservation) => ({ ...state.reservations, [orderId]: r });
    switch (event.type) {
      case 'StockAdjusted':
        return { ...base, onHand: state.onHand + event.data.delta };
      case 'StockReserved':
        return {
          ...base,
          reserved: state.reserved + event.data.quantity,
          reservations: withReservation(event.data.order_id, {
            quantity: event.data.quantity,
            status: 'open',
            releasedFor: null,
            returned: 0,
          }),
        };
      case 'ReservationReleased':
        return {
          ...base,
          reserved: state.reserved - event.data.quantity,
          reservations: withReservation(event.data.order_id, {
            ...reservation(event.data.order_id),
            status: 'released',
            releasedFor: event.data.reason,
          }),
        };
      case 'ReservationConfirmed':
        return {
          ...base,
          onHand: state.onHand - event.data.quantity,
          reserved: state.reserved - event.data.quantity,
          reservations: withReservation(event.data.order_id, { ...reservation(event.data.order_id), status: 'confirmed' }),
        };
      case 'StockReturned': {
        const orderId = event.data.order_id;
        const reservations =
          orderId && state.reservations[orderId]
            ? withReservation(orderId, {
                ...state.reservations[orderId],
                returned: state.reservations[orderId].returned + event.data.quantity,
              })
            : state.reservations;
        // Returns recorded before refunds and returns named theirs carry no refund_id or key.
        const refundId = event.data.refund_id;
        const refundsReturned = refundId ? [...state.refundsReturned, refundId] : state.refundsReturned;
        const key = event.data.key;
        const returnedKeys = key ? { ...state.returnedKeys, [key]: true as const } : state.returnedKeys;
        return { ...base, onHand: state.onHand + event.data.quantity, reservations, refundsReturned, returnedKeys };
      }
      default:
        return assertNever(event);
    }
  },

  decide(command: VariantStockCommand, state: VariantStockState): StockEvent[] {
    switch (command.type) {
      case 'SetInitialStock': {
        const quantity = requireWhole(command.quantity, 0, MAX_STOCK_UNITS, 'stock');
        if (!state.exists) {
          const data = {
            variant_id: command.variantId,
            product_id: command.productId,
            delta: quantity,
            reason: INITIAL_STOCK_REASON,
            by: command.by,
          };
          return [{ type: 'StockAdjusted', data }];
        }
        return adjust(state, command.variantId, quantity - state.onHand, PRODUCT_FORM_REASON, command.by);
      }
      case 'Adjust': {
        if (!state.exists && !command.productId) throw new NotFoundError(NO_STOCK_RECORD);
        const reason = requireReason(command.reason);
        if ((command.delta === undefined) === (command.setTo === undefined)) {
          throw new BadInputError('Send either delta (units to add or remove) or set_to (the count on hand), not both.', 'delta');
        }
        const delta =
          command.setTo !== undefined
            ? requireWhole(command.setTo, 0, MAX_STOCK_UNITS, 'set_to') - state.onHand
            : requireWhole(command.delta, -MAX_STOCK_UNITS, MAX_STOCK_UNITS, 'delta');
        if (command.delta !== undefined && delta === 0) throw new BadInputError('delta must not be 0', 'delta');
        return adjust({ ...state, productId: state.productId ?? command.productId ?? null }, command.variantId, delta, reason, command.by);
      }
      case 'Reserve': {
        const quantity = requireWhole(command.quantity, 1, MAX_RESERVED_UNITS, 'quantity');
        const held = state.reservations[command.orderId];
        // The same order asking again (a retried request) holds what it held; only a reservation let go
        // because its order was never placed may be taken again, by the order placed at last.
        if (held && !(held.status === 'released' && held.releasedFor === 'order_not_placed')) return [];
        const left = available(state);
        if (!state.exists || left < quantity) throw new ConflictError(shortageMessage(command.item, state.exists ? left : 0));
        const data = {
          variant_id: command.variantId,
          product_id: state.productId ?? command.productId,
          order_id: command.orderId,
          quantity,
        };
        return [{ type: 'StockReserved', data }];
      }
      case 'Release': {
        const held = state.reservations[command.orderId];
        if (!held || held.status !== 'open') return [];
        const data = { ...ref(state, command.variantId), order_id: command.orderId, quantity: held.quantity, reason: command.reason };
        return [{ type: 'ReservationReleased', data }];
      }
      case 'Confirm': {
        const held = state.reservations[command.orderId];
        if (!held || held.status !== 'open') return [];
        return [
          { type: 'ReservationConfirmed', data: { ...ref(state, command.variantId), order_id: command.orderId, quantity: held.quantity } },
        ];
      }
      case 'Return': {
        if (!state.exists) throw new NotFoundError(NO_STOCK_RECORD);
        if (command.key && state.returnedKeys[command.key]) return [];
        const reason = requireReason(command.reason);
        const quantity = requireWhole(command.quantity, 1, MAX_STOCK_UNITS, 'quantity');
        if (command.orderId !== null) {
          const held = state.reservations[command.orderId];
          if (!held || held.status !== 'confirmed') throw new ConflictError('That order holds no paid units of this variant to return.');
          const returnable = held.quantity - held.returned;
          if (quantity > returnable) {
            throw new ConflictError(`That order has ${returnable} paid unit${returnable === 1 ? '' : 's'} of this variant left to return.`);
          }
        }
        if (state.onHand + quantity > MAX_STOCK_UNITS) throw new ConflictError(`A variant holds at most ${MAX_STOCK_UNITS} units on hand.`);
        return [
          {
            type: 'StockReturned',
            data: {
              ...ref(state, command.variantId),
              order_id: command.orderId,
              quantity,
              reason,
              by: command.by,
              ...(command.key ? { key: command.key } : {}),
            },
          },
        ];
      }
      case 'ReturnOrder': {
        const held = state.reservations[command.orderId];
        if (!held || held.status !== 'confirmed' || held.returned >= held.quantity) return [];
        const quantity = Math.min(held.quantity - held.returned, MAX_STOCK_UNITS - state.onHand);
        if (quantity <= 0) return [];
        const data = { ...ref(state, command.variantId), order_id: command.orderId, quantity, reason: command.reason, by: command.by };
        return [{ type: 'StockReturned', data }];
      }
      case 'ReturnRefunded': {
        // Once per refund; a made-to-order variant, or an order holding no paid units of it, has nothing to return.
        if (state.refundsReturned.includes(command.refundId)) return [];
        const held = state.reservations[command.orderId];
        if (!state.exists || !held || held.status !== 'confirmed') return [];
        // Never more than the order's units not yet returned (staff may have returned some by hand, or a cancel).
        const quantity = Math.min(
          requireWhole(command.quantity, 1, MAX_STOCK_UNITS, 'quantity'),
          held.quantity - held.returned,
          MAX_STOCK_UNITS - state.onHand,
        );
        if (quantity <= 0) return [];
        const data = {
          ...ref(state, command.variantId),
          order_id: command.orderId,
          quantity,
          reason: REFUND_RETURN_REASON,
          by: command.by,
          refund_id: command.refundId,
        };
        return [{ type: 'StockReturned', data }];
      }
    }
  },
};

/** Staff's change of on hand: never below the units reserved (nor below 0), never above the most a variant holds. */
function adjust(state: VariantStockState, variantId: string, delta: number, reason: string, by: string): StockEvent[] {
  if (delta === 0) return [];
  const after = state.onHand + delta;
  if (after > MAX_STOCK_UNITS) throw new ConflictError(`A variant holds at most ${MAX_STOCK_UNITS} units on hand.`);
  if (after < state.reserved) {
    throw new ConflictError(
      `${state.reserved} unit${state.reserved === 1 ? ' is' : 's are'} reserved by unpaid orders: on hand cannot go below ${state.reserved} ` +
        `(it is ${state.onHand}).`,
    );
  }
  return [{ type: 'StockAdjusted', data: { ...ref(state, variantId), delta, reason, by } }];
}
