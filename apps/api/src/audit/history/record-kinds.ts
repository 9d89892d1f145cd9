import { CUSTOMER_DELETED, type SomeEvent } from '@facet/contracts';
import { product } from '../../catalog';
import { CONTACT_EVENT_TYPES, contactMessage } from '../../contact';
import { CUSTOM_DESIGN_EVENT_TYPES, customDesign } from '../../custom-designs';
import { customer, CUSTOMER_EVENT_TYPES } from '../../customers';
import { STOCK_EVENT_TYPES, variantStock } from '../../inventory';
import { order, ORDER_EVENT_TYPES } from '../../orders';
import { REVIEW_EVENT_TYPES, review } from '../../reviews';
import { STAFF_EVENT_TYPES, staffMember } from '../../staff';
import { Folder } from './as-of';

/**
 * The records an auditor can look at as of any moment, each with the write side's own decider: the state
 * shown is what the command handlers would have folded at that moment, not a separate reconstruction.
 * A consultation request is an order (kind "consultation").
 */
export interface RecordKind {
  name: string;
  prefix: string;
  decider: Folder;
  /** The event that erases the record's subject: its history is not shown afterwards. */
  erasedBy?: string;
}

/**
 * A decider as the history folds it: only the event types its union lists reach its evolve (which ends with
 * assertNever); any other event in the stream leaves the state as it was. The state is the decider's own:
 * the folder is handed back only what its initialState and evolve made.
 */
export function folderOf<State, E extends SomeEvent>(
  decider: { initialState(): State; evolve(state: State, event: E): State },
  types: readonly E['type'][],
): Folder {
  const folds = (e: SomeEvent): e is E => (types as readonly string[]).includes(e.type);
  return {
    initialState: () => decider.initialState(),
    evolve: (state, event) => (folds(event) ? decider.evolve(state as State, event) : state),
  };
}

export const RECORD_KINDS: readonly RecordKind[] = [
  { name: 'product', prefix: 'product-', decider: folderOf(product, ['ProductCreated', 'ProductEdited', 'ProductDeleted']) },
  { name: 'order', prefix: 'order-', decider: folderOf(order, ORDER_EVENT_TYPES) },
  { name: 'custom-design', prefix: 'custom-design-', decider: folderOf(customDesign, CUSTOM_DESIGN_EVENT_TYPES) },
  { name: 'customer', prefix: 'customer-', decider: folderOf(customer, CUSTOMER_EVENT_TYPES), erasedBy: CUSTOMER_DELETED },
  { name: 'staff-member', prefix: 'staff-', decider: folderOf(staffMember, STAFF_EVENT_TYPES) },
  { name: 'contact-message', prefix: 'contact-message-', decider: folderOf(contactMessage, CONTACT_EVENT_TYPES) },
  // A stocked variant's units on hand, reserved, and each order's reservation (issue 40).
  { name: 'variant-stock', prefix: 'variant-', decider: folderOf(variantStock, STOCK_EVENT_TYPES) },
  // A customer's review of a piece and its moderation (issue 41).
  { name: 'review', prefix: 'review-', decider: folderOf(review, REVIEW_EVENT_TYPES) },
];

export function recordKindOf(streamId: string): RecordKind | null {
  return RECORD_KINDS.find((k) => streamId.startsWith(k.prefix)) ?? null;
}
