import { Inject, Injectable } from '@nestjs/common';
import { StockLine } from '../../orders';
import { FACET_CONFIG, FacetConfig } from '../../platform/config/config';
import { DatabaseService } from '../../platform/database/database.service';
import { ConflictError } from '../../platform/domain/errors';
import { holdCapRefusal, HoldWanted } from '../domain/hold-cap';

/**
 * Who holds what (public.stock_holds_by_client, migration 135): before an order's units are reserved, the
 * client's open holds of each variant are counted under a transaction advisory lock per client and variant
 * (a try-lock, retried: a burst of one client's orders is counted one after another), and the new ones written. A hold counts
 * while its reservation is open in rm.stock_reservations, or for 10 minutes before the reservation is
 * projected; paid (confirmed) and released ones no longer count.
 */
/** How long an order waits for the client's other orders' turns before a 409 says try again. */
const HOLD_TURN_WAIT_MS = 30_000;

@Injectable()
export class StockHolds {
  private readonly cap: number;

  constructor(
    private readonly db: DatabaseService,
    @Inject(FACET_CONFIG) config: FacetConfig,
  ) {
    this.cap = config.stockHoldCapPerClient;
  }

  /** Records the order's holds for the client, or throws 409 when one would pass the cap. */
  async claim(clientKey: string, orderId: string, lines: readonly StockLine[]): Promise<void> {
    const byVariant = new Map<string, HoldWanted>();
    for (const l of lines) {
      const seen = byVariant.get(l.variantId);
      byVariant.set(l.variantId, { variantId: l.variantId, item: l.item, quantity: (seen?.quantity ?? 0) + l.quantity });
    }
    const wanted = [...byVariant.values()].sort((a, b) => (a.variantId < b.variantId ? -1 : 1));
    const variants = wanted.map((w) => w.variantId);
    // A burst of one client's orders takes turns on try-locks, retried without holding a connection: waiting
    // inside a transaction held a connection each and ran into lock_timeout (a 503) behind a slow holder.
    const deadline = Date.now() + HOLD_TURN_WAIT_MS;
    for (;;) {
      const done = await this.db.transaction(async (tx) => {
        // One lock order for every caller (sorted by variant): two orders of one client never hold each other's.
        const locked = await tx.query<{ ok: boolean }>(
          `SELECT bool_and(pg_try_advisory_xact_lock(hashtextextended('stock-hold:' || $1 || ':' || v, 49))) AS ok
             FROM unnest($2::text[]) WITH ORDINALITY AS t(v, n)`,
          [clientKey, variants],
        );
        if (!locked.rows[0]?.ok) return false;
        const rows = await tx.query<{ variant_id: string; held: number }>(
          `SELECT h.variant_id, sum(h.quantity)::int AS held
             FROM public.stock_holds_by_client h
             LEFT JOIN stock_reservations r ON r.variant_id = h.variant_id AND r.order_id = h.order_id
            WHERE h.client_key = $1 AND h.variant_id = ANY($2::text[]) AND h.order_id <> $3
              AND (r.status = 'open' OR (r.status IS NULL AND h.created_at > now() - interval '10 minutes'))
            GROUP BY h.variant_id`,
          [clientKey, variants, orderId],
        );
        const refusal = holdCapRefusal(wanted, Object.fromEntries(rows.rows.map((r) => [r.variant_id, r.held])), this.cap);
        if (refusal) throw new ConflictError(refusal);
        await tx.query(
          `INSERT INTO public.stock_holds_by_client (order_id, variant_id, client_key, quantity)
           SELECT $1, v, $2, q FROM unnest($3::text[], $4::int[]) AS t(v, q) ON CONFLICT DO NOTHING`,
          [orderId, clientKey, variants, wanted.map((w) => w.quantity)],
        );
        return true;
      });
      if (done) break;
      if (Date.now() > deadline)
        throw new ConflictError('Your other orders are being placed at this moment. Please try again in a moment.');
      await new Promise((r) => setTimeout(r, 10 + Math.random() * 30));
    }
    if (Math.random() < 0.01) {
      await this.db
        .query(
          `DELETE FROM public.stock_holds_by_client h WHERE h.created_at < now() - interval '1 day'
             AND NOT EXISTS (SELECT 1 FROM stock_reservations r WHERE r.variant_id = h.variant_id AND r.order_id = h.order_id AND r.status = 'open')`,
        )
        .catch(() => undefined);
    }
  }

  /** The order was not placed: its holds go (a failure here only counts them for 10 minutes). */
  async forget(orderId: string): Promise<void> {
    await this.db.query('DELETE FROM public.stock_holds_by_client WHERE order_id = $1', [orderId]).catch(() => undefined);
  }
}
