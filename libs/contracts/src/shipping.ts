/**
 * Carriers staff choose from when they mark an order shipped, each with the page a shopper tracks a parcel
 * on. The tracking link is always built here from the carrier and the number: staff never type a URL.
 */
export interface Carrier {
  id: string;
  name: string;
  /** The carrier's tracking page; {number} stands for the tracking number (URL-encoded). */
  tracking_url: string;
}

export const CARRIERS = [
  { id: 'fedex', name: 'FedEx', tracking_url: 'https://www.fedex.com/fedextrack/?trknbr={number}' },
  { id: 'ups', name: 'UPS', tracking_url: 'https://www.ups.com/track?loc=en_US&tracknum={number}' },
  { id: 'usps', name: 'USPS', tracking_url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={number}' },
  {
    id: 'dhl-express',
    name: 'DHL Express',
    tracking_url: 'https://www.dhl.com/us-en/home/tracking/tracking-express.html?tracking-id={number}',
  },
  { id: 'royal-mail', name: 'Royal Mail', tracking_url: 'https://www.royalmail.com/track-your-item#/tracking-results/{number}' },
  {
    id: 'canada-post',
    name: 'Canada Post',
    tracking_url: 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={number}',
  },
  { id: 'brinks', name: "Brink's Global Services", tracking_url: 'https://www.brinksglobal.com/track?number={number}' },
] as const satisfies readonly Carrier[];

export type CarrierId = (typeof CARRIERS)[number]['id'];
export const CARRIER_IDS: readonly CarrierId[] = CARRIERS.map((c) => c.id);

/** A tracking number as carriers print it: letters and digits only, 6 to 40 of them (spaces and dashes dropped first). */
export const TRACKING_NUMBER_PATTERN = /^[A-Z0-9]{6,40}$/;
export const TRACKING_NUMBER_MAX_INPUT = 60;
export const TRACKING_NUMBER_MESSAGE = 'tracking_number must be 6 to 40 letters and digits (spaces and dashes are ignored)';

/** "1z 999-aa1 0123" -> "1Z999AA10123": how a typed tracking number is kept. Anything else is returned as it is. */
export function normalTrackingNumber<T>(value: T): T | string {
  return typeof value === 'string' && value.length <= TRACKING_NUMBER_MAX_INPUT ? value.replace(/[\s-]+/g, '').toUpperCase() : value;
}

export function isTrackingNumber(value: unknown): value is string {
  return typeof value === 'string' && TRACKING_NUMBER_PATTERN.test(value);
}

export function carrierById(id: string | null | undefined): Carrier | null {
  return CARRIERS.find((c) => c.id === id) ?? null;
}

/** The carrier's tracking page for the number; null for a carrier not on the list (or no number). */
export function trackingUrl(carrierId: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  const carrier = carrierById(carrierId);
  if (!carrier || !trackingNumber) return null;
  return carrier.tracking_url.replace('{number}', encodeURIComponent(trackingNumber));
}

/** What a shipped order tells its shopper. */
export interface OrderShipment {
  carrier: string;
  carrier_name: string;
  tracking_number: string;
  tracking_url: string | null;
  shipped_at: string | null;
  /** When it reached the shopper; null while it is on its way. */
  delivered_at: string | null;
}

/** One moment in an order's life as its shopper sees it: a status reached, and the note staff shared with it. */
export interface OrderTimelineEntry {
  at: string;
  status: string;
  label: string;
  /** A note staff chose to share with the customer ('' for none). */
  note: string;
}

/** GET /api/orders/{id}/page: the shopper's own order page (their session, the signed link of their mail, or the placing browser). */
export interface OrderPage {
  id: string;
  reference: string;
  kind: 'consultation' | 'card';
  status: string;
  status_label: string;
  status_message: string;
  payment_status: string;
  payment_label: string;
  can_pay: boolean;
  /**
   * A card order not yet paid: until when its pieces are held for the shopper (its payment session's end); then
   * the order expires and they are released. Null once paid, cancelled or expired, and for consultations.
   */
  held_until: string | null;
  created_at: string;
  items: {
    id: string;
    name: string;
    image: string;
    quantity: number;
    price: number;
    variant_options: Record<string, string> | null;
    engraving: string;
  }[];
  subtotal: number;
  shipping_cost: number;
  tax: number;
  total: number;
  refunded: number;
  /** Null once the customer's data was erased. */
  ship_to: { name: string; lines: string[] } | null;
  /** The last four digits of the card the provider charged (never what a form typed); null until paid by card. */
  card_last_4: string | null;
  shipment: OrderShipment | null;
  timeline: OrderTimelineEntry[];
}
