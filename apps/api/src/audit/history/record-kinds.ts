import { CUSTOMER_DELETED } from '@facet/contracts';
import { product } from '../../catalog';
import { contactMessage } from '../../contact';
import { customDesign } from '../../custom-designs';
import { customer } from '../../customers';
import { variantStock } from '../../inventory';
import { order } from '../../orders';
import { review } from '../../reviews';
import { Decider } from '../../platform/event-store/decider';
import { staffMember } from '../../staff';

/**
 * The records an auditor can look at as of any moment, each with the write side's own decider: the state
 * shown is what the command handlers would have folded at that moment, not a separate reconstruction.
 * A consultation request is an order (kind "consultation").
 */
export interface RecordKind {
  name: string;
  prefix: string;
  decider: Pick<Decider<any, any, any>, 'initialState' | 'evolve'>;
  /** The event that erases the record's subject: its history is not shown afterwards. */
  erasedBy?: string;
}

export const RECORD_KINDS: readonly RecordKind[] = [
  { name: 'product', prefix: 'product-', decider: product },
  { name: 'order', prefix: 'order-', decider: order },
  { name: 'custom-design', prefix: 'custom-design-', decider: customDesign },
  { name: 'customer', prefix: 'customer-', decider: customer, erasedBy: CUSTOMER_DELETED },
  { name: 'staff-member', prefix: 'staff-', decider: staffMember },
  { name: 'contact-message', prefix: 'contact-message-', decider: contactMessage },
  // A stocked variant's units on hand, reserved, and each order's reservation (issue 40).
  { name: 'variant-stock', prefix: 'variant-', decider: variantStock },
  // A customer's review of a piece and its moderation (issue 41).
  { name: 'review', prefix: 'review-', decider: review },
];

export function recordKindOf(streamId: string): RecordKind | null {
  return RECORD_KINDS.find((k) => streamId.startsWith(k.prefix)) ?? null;
}
