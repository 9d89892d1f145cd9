import { randomUUID } from 'crypto';
import { hasVisibleText } from '@facet/contracts';
import type { QueryResult, QueryResultRow } from 'pg';
import { Tx } from '../../platform/database/database';
import { DatabaseService } from '../../platform/database/database.service';
import { ConflictError } from '../../platform/domain/errors';
import { fold } from '../../platform/event-store/decider';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { canOpenPaymentSession, order, OrderEvent, OrderLine, OrderRequestedData, orderStream } from '../domain/order';
import { OrderSettings } from '../order-settings';

/** How long a placement waits for the shopper's other placement (a burst of tabs) before a 409 says try again. */
const TURN_WAIT_MS = 15_000;

/** How long a turn is held at most: a placement that outlives it (a process killed mid-way) lets the next one in. */
const TURN_LEASE_SECONDS = 30;

/**
 * Runs `work` as the only card placement of this shopper (their order subject: customer:<id>, or the guest's
 * keyed e-mail subject) in any process. The turn is a lease row in public.checkout_turns (migration 136),
 * taken in one statement and given back at the end: neither holding it nor waiting for it holds a connection
 * (the session lock it replaced held one of the requests' pool for the whole placement, so 60 checkouts at once
 * held every connection while waiting for more), and it works through a transaction pooler.
 */
export async function oneOrderPerCheckout<T>(db: DatabaseService, subjectId: string, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + TURN_WAIT_MS;
  const holder = randomUUID();
  for (;;) {
    const taken = await db.query(
      `INSERT INTO public.checkout_turns AS t (subject_id, holder, until) VALUES ($1, $2, now() + make_interval(secs => $3))
       ON CONFLICT (subject_id) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until WHERE t.until < now()
       RETURNING 1`,
      [subjectId, holder, TURN_LEASE_SECONDS],
    );
    if (taken.length) break;
    if (Date.now() > deadline) throw new ConflictError('Your order is being placed in another window. Please try again in a moment.');
    await new Promise((r) => setTimeout(r, 20 + Math.random() * 40));
  }
  try {
    return await work();
  } finally {
    // A failure here leaves the lease to run out (30 s): the shopper's next placement waits for it, never two at once.
    await db.query('DELETE FROM public.checkout_turns WHERE subject_id = $1 AND holder = $2', [subjectId, holder]).catch(() => undefined);
  }
}

/**
 * A read of rm.orders that gives up after a second when the table is locked (a replay swapping it, staff
 * maintenance): the shopper's placement then goes on as before this rule, rather than wait with them.
 */
export async function readModelOrNothing<R extends QueryResultRow>(
  db: DatabaseService,
  read: (tx: Tx) => Promise<QueryResult<R>>,
): Promise<R[]> {
  try {
    return await db.transaction(async (tx) => {
      await tx.query("SET LOCAL lock_timeout = '1s'");
      return (await read(tx)).rows;
    });
  } catch (err) {
    if ((err as { code?: string }).code === '55P03') return []; // lock_not_available
    throw err;
  }
}

/** A line as two placements of the same bag compare it: piece, variant, engraving, quantity and unit price. */
const lineKey = (l: OrderLine) => JSON.stringify([l.product_id, l.variant_id ?? null, l.engraving ?? '', l.quantity, l.unit_price_cents]);
const sameLines = (a: readonly OrderLine[], b: readonly OrderLine[]) =>
  a.length === b.length && JSON.stringify(a.map(lineKey).sort()) === JSON.stringify(b.map(lineKey).sort());
const SHIPPING_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'address',
  'apartment',
  'city',
  'state',
  'zip_code',
  'country',
] as const;

/**
 * The shopper's card order still awaiting payment that this placement repeats, if any: the same lines, totals
 * and shipping details, payable for a while yet, and theirs. Theirs means placed by the signed-in customer;
 * for a guest, placed from this browser (its order-access cookie lists it) or with the whole form the same,
 * card name and last four digits included, when a client still sends them (two tabs of one checkout submitted
 * at once; the storefront's checkout sends no card, so its guest orders are reused only through the cookie). The read model finds
 * candidates; the order's own stream decides.
 */
export async function reusableOrder(
  es: EventSourcing,
  db: DatabaseService,
  wanted: OrderRequestedData,
  ordersWithAccess: readonly string[],
  settings: OrderSettings,
): Promise<string | null> {
  // Payable for a while yet (a tenth of its lifetime, at most 5 minutes): time to pay, not one about to expire.
  const marginMs = Math.min(settings.unpaidOrderTtlMs / 10, 5 * 60_000);
  const candidates = await readModelOrNothing(db, (tx) =>
    tx.query<{ id: string }>(
      `SELECT id FROM orders
        WHERE subject_id = $1 AND kind = 'card' AND status IN ('pending', 'awaiting_payment') AND payment_status <> 'paid'
          AND total_cents = $2 AND (pay_by IS NULL OR pay_by > now() + make_interval(secs => $3))
        ORDER BY created_at DESC LIMIT 20`,
      [wanted.subject_id, wanted.total_cents, marginMs / 1000],
    ),
  );
  for (const { id } of candidates) {
    const history = await es.load<OrderEvent>(orderStream(id));
    const placed = history[0];
    if (placed?.type !== 'OrderRequested') continue;
    const state = fold(order, history);
    if (!canOpenPaymentSession(state)) continue;
    if (state.payBy && Date.parse(state.payBy) - Date.now() < marginMs) continue;
    const d = placed.data;
    if ((d.customer_id ?? null) !== wanted.customer_id) continue;
    if (d.subject_id !== wanted.subject_id) continue;
    if (!d.shipping || typeof d.shipping !== 'object' || !d.payment || typeof d.payment !== 'object') continue; // erased
    if (SHIPPING_FIELDS.some((f) => (d.shipping[f] ?? '') !== wanted.shipping[f])) continue;
    if (
      d.subtotal_cents !== wanted.subtotal_cents ||
      d.shipping_cents !== wanted.shipping_cents ||
      d.tax_cents !== wanted.tax_cents ||
      d.total_cents !== wanted.total_cents
    )
      continue;
    if (!sameLines(d.items, wanted.items)) continue;
    // The checkout sends no card (it is typed on the payment page): an empty card proves nothing, so a guest's
    // card-free order is reused only by the browser holding its cookie, never by whoever types the same form.
    const sameCard =
      hasVisibleText(wanted.payment.last_4) &&
      d.payment.card_name === wanted.payment.card_name &&
      d.payment.last_4 === wanted.payment.last_4;
    if (wanted.customer_id === null && !ordersWithAccess.includes(id) && !sameCard) continue;
    return id;
  }
  return null;
}
