/**
 * Returns (issue 51): the policy table every reader shows (the order page, /terms-of-service, the API's
 * refusals) and the shapes of a return on the wire between the storefront, the console and the API.
 */

/** Why a line may not be returned: one row per rule, the one table the API refuses by and the pages show. */
export interface ReturnPolicyRule {
  code: 'engraved' | 'resized' | 'custom_design';
  label: string;
  /** The refusal the shopper reads. */
  message: string;
  /** How the rule is applied: 'automatic' (the API refuses the line), 'staff' (staff refuse with it), 'none' (nothing to refuse). */
  applies: 'automatic' | 'staff' | 'none';
}

export const RETURN_POLICY: readonly ReturnPolicyRule[] = [
  {
    code: 'engraved',
    label: 'Engraved pieces',
    message: 'This piece was engraved for you, so it cannot be returned.',
    applies: 'automatic',
  },
  {
    code: 'resized',
    label: 'Resized pieces',
    message:
      'A piece our atelier resized for you after it was ordered cannot be returned. The shop does not record resizing on the order: ' +
      'staff who resized a piece refuse its return with this reason.',
    applies: 'staff',
  },
  {
    code: 'custom_design',
    label: 'Custom designs',
    message:
      'Pieces made from a custom design are quoted and paid with our atelier, never through an online order, so no order line is one: ' +
      'nothing on this page is refused for it. Talk to the atelier about a custom piece.',
    applies: 'none',
  },
];

export const returnPolicyRule = (code: ReturnPolicyRule['code']): ReturnPolicyRule =>
  RETURN_POLICY.find((r) => r.code === code) as ReturnPolicyRule;

export type ReturnStatus = 'requested' | 'approved' | 'refused' | 'received' | 'refunded' | 'exchanged';
export const RETURN_STATUSES: readonly ReturnStatus[] = ['requested', 'approved', 'refused', 'received', 'refunded', 'exchanged'];

const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Return requested',
  approved: 'Return approved: please send the pieces back',
  refused: 'Return refused',
  received: 'Pieces received by our atelier',
  refunded: 'Refunded',
  exchanged: 'Exchanged for another size',
};

export const returnStatusLabel = (s: string): string => RETURN_STATUS_LABELS[s as ReturnStatus] ?? s;

/** The staff actions on a return (PUT /api/admin/returns/{id}). */
export type ReturnAction = 'approve' | 'refuse' | 'receive' | 'refund' | 'exchange';
export const RETURN_ACTIONS: readonly ReturnAction[] = ['approve', 'refuse', 'receive', 'refund', 'exchange'];

/** Longest reason a shopper gives and note staff write. */
export const RETURN_TEXT_MAX = 1000;

/** One line of a return: `line` is the line's index in the order page's items (0 for the first). */
export interface ReturnLineView {
  line: number;
  product_id: string;
  variant_id: string | null;
  product_name: string;
  quantity: number;
  /** Dollars, as the order page shows prices. */
  price: number;
}

export interface ReturnStepView {
  at: string;
  status: ReturnStatus;
  label: string;
  /** The staff note of the step (the shopper sees it), '' for none. */
  note: string;
}

/** A return as the shopper and staff read it. */
export interface ReturnView {
  id: string;
  order_id: string;
  status: ReturnStatus;
  status_label: string;
  reason: string;
  lines: ReturnLineView[];
  /** The last note staff wrote (approve or refuse), '' for none: the shopper sees it. */
  note: string;
  /** Dollars given back (after the restocking fee), null until refunded. */
  refunded: number | null;
  restocking_fee: number | null;
  exchange_variant_id: string | null;
  requested_at: string;
  updated_at: string;
  history: ReturnStepView[];
}

/** A line of the order as the return form reads it: how many may still be asked back, or why none. */
export interface ReturnableLine {
  line: number;
  product_name: string;
  quantity: number;
  returnable_quantity: number;
  /** Why the line cannot be returned (a policy row's code and message, or the window, or the order's status); null when it can. */
  refusal: { code: string; message: string } | null;
}

/** GET /api/orders/{id}/returns: the shopper's view. */
export interface OrderReturns {
  window_days: number;
  /** The last day a return may be asked for (ISO), null until the order is delivered. */
  returnable_until: string | null;
  lines: ReturnableLine[];
  returns: ReturnView[];
  policy: readonly ReturnPolicyRule[];
}
