/** The order shapes on the wire between the storefront and the API (types only). */
import type { OrderKind, OrderStatus, PaymentStatus } from './orders';

/** One line of a new order, as the storefront's checkout sends it (prices in dollars). */
export interface OrderLine {
  product_id: string;
  product_name: string;
  price: number;
  quantity: number;
  image: string;
  /** The chosen variant (issue 40); without it the API takes the product's default variant. */
  variant_id?: string;
  /** Text to engrave on this line; absent or '' for none. */
  engraving?: string;
}

export interface OrderShipping {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
  apartment: string;
  city: string;
  state: string;
  zip_code: string;
  country: string;
}

/** POST /api/orders: a consultation request or a card order; the API checks every price and total. */
export interface OrderPayload {
  items: OrderLine[];
  shipping: OrderShipping;
  payment: { card_name: string; last_4: string };
  subtotal: number;
  shipping_cost: number;
  tax: number;
  total: number;
  status?: Extract<OrderStatus, 'consultation_requested' | 'pending'>;
  payment_status?: Extract<PaymentStatus, 'pending_consultation' | 'unpaid'>;
}

/** One line of an order in the customer's own list. */
export interface MyOrderItem {
  id: string;
  name: string;
  image: string;
  quantity: number;
  price: number;
  /** The variant ordered and its option values ({ size: '6.5' }); absent on orders placed before variants. */
  variant_id?: string | null;
  variant_options?: Record<string, string> | null;
  /** '' (or absent) when the line has no engraving. */
  engraving?: string | null;
}

/** GET /api/orders/mine: one of the signed-in customer's orders. */
export interface MyOrder {
  orderId: string;
  id: string;
  reference?: string;
  kind?: OrderKind;
  /** A card order that may still be paid (a new checkout session for the same order). */
  can_pay?: boolean;
  pay_by?: string | null;
  date: string;
  total: number;
  status: string;
  payment_status: string;
  status_message: string;
  items: MyOrderItem[];
}

/** GET /api/orders/{id}, as the storefront's payment screens read it: can it be paid again, and its lines. */
export interface OrderForPayment {
  id: string;
  kind: string;
  status: string;
  payment_status: string;
  status_message: string;
  can_pay: boolean;
  /** When an unpaid card order expires (ISO); null for consultations. */
  pay_by?: string | null;
  total: number;
  items: (MyOrderItem & { product_id?: string })[];
}

/** GET /api/payments/checkout/status/{session}: where a checkout session stands. */
export interface CheckoutStatus {
  session_id: string;
  payment_status: string;
  status: string;
  amount_total: number;
  currency: string;
  metadata: { order_id: string };
  failure_reason: string | null;
}

/** GET /api/payments/sandbox/banks: a demo account the secure payment page can pay from. */
export interface DemoBank {
  id: string;
  name: string;
  type: 'checking' | 'savings';
  balance: number;
}
