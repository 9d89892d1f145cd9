/**
 * An order as GET /api/admin/orders and /api/admin/orders/{id} return it (the API's AdminOrderDto). Fields a
 * page must not rely on are optional: an erased customer's shipping is null-filled, orders placed before
 * variants have no variant_options.
 */
export interface OrderItemRecord {
  id?: string;
  product_id?: string;
  name?: string;
  product_name?: string;
  image?: string;
  quantity: number;
  /** Unit price, dollars. */
  price: number;
  variant_id?: string | null;
  variant_options?: Record<string, string> | null;
  engraving?: string;
}

export interface OrderShippingRecord {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  apartment?: string | null;
  city?: string | null;
  state?: string | null;
  zip_code?: string | null;
  country?: string | null;
}

export interface OrderRecord {
  id: string;
  order_id?: string;
  reference: string;
  kind: string;
  status: string;
  payment_status: string;
  can_pay?: boolean;
  pay_by?: string | null;
  /** Money given back, dollars. */
  refunded: number;
  /** When a dispute (chargeback) was first opened on the payment; null or absent when none. */
  disputed_at?: string | null;
  created_at: string;
  items?: OrderItemRecord[];
  subtotal: number;
  shipping_cost: number;
  tax: number;
  total: number;
  shipping?: OrderShippingRecord | null;
  last_4?: string | null;
  carrier?: string | null;
  tracking_number?: string | null;
  tracking_url?: string | null;
  version?: number;
}
