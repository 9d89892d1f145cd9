import { Injectable } from '@nestjs/common';
import { randomBytes } from 'crypto';
import { DatabaseService } from '../../platform/database/database.service';
import { BadInputError, ConflictError, NotFoundError } from '../../platform/domain/errors';
import { CreateSessionInput, PaymentProvider, ProviderSession, RefundKeyTaken, RefundPart } from './payment-provider';

/** The spec's demo bank accounts for bank-transfer payments. */
export const DEMO_BANKS = [
  { id: 'facet-demo-checking', name: 'First Meridian Bank', type: 'checking', balance: 25000 },
  { id: 'facet-demo-savings', name: 'Harbor Trust Savings', type: 'savings', balance: 15000 },
  { id: 'facet-demo-premier', name: 'Crown Private Bank', type: 'checking', balance: 50000 },
] as const;

export const SANDBOX_CARDS = { success: '4242424242424242', declined: '4000000000000002' };

export type SandboxPayment =
  { method: 'card'; card_number: string; expiry: string; cvv: string; name: string } | { method: 'bank_transfer'; account_id: string };

export interface SandboxRow {
  id: string;
  order_id: string;
  amount_cents: number;
  currency: string;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'declined' | 'refunded';
  method: string | null;
  created_at: Date;
  expires_at: Date;
  completed_at: Date | null;
  refund_id: string | null;
  refunded_at: Date | null;
  /** When the shopper cancelled it on the hosted page (it is then expired); null otherwise. */
  cancelled_at: Date | null;
  /** The last four digits of the card it was paid or declined with (migration 130); null for a bank transfer or none yet. */
  card_last_4: string | null;
}

/** Why a session the shopper cancelled ended, as the order's history records it. */
export const CANCELLED_BY_SHOPPER = 'Payment cancelled by the shopper';

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * The built-in sandbox provider: hosted checkout pages served by this API, sessions kept in
 * public.sandbox_payment_sessions (they stand in for an outside provider's records).
 * 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.
 */
@Injectable()
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';

  constructor(private readonly db: DatabaseService) {}

  async createSession(input: CreateSessionInput): Promise<{ id: string; url: string }> {
    const id = `cs_sandbox_${randomBytes(16).toString('hex')}`;
    await this.db.query(
      `INSERT INTO public.sandbox_payment_sessions (id, order_id, amount_cents, currency, success_url, cancel_url, status, payment_status, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'open', 'unpaid', $7)`,
      [
        id,
        input.orderId,
        input.amountCents,
        input.currency,
        input.successUrl.replace('{CHECKOUT_SESSION_ID}', id),
        input.cancelUrl,
        input.expiresAt,
      ],
    );
    const origin = new URL(input.successUrl).origin;
    return { id, url: `${origin}/api/payments/sandbox/checkout/${id}` };
  }

  async row(id: string): Promise<SandboxRow | null> {
    if (!/^cs_sandbox_[0-9a-f]{32}$/.test(id)) return null;
    const row = await this.db.one<SandboxRow>('SELECT * FROM public.sandbox_payment_sessions WHERE id = $1', [id]);
    if (row && row.status === 'open' && new Date(row.expires_at).getTime() <= Date.now()) {
      await this.db.query(`UPDATE public.sandbox_payment_sessions SET status = 'expired' WHERE id = $1 AND status = 'open'`, [id]);
      return { ...row, status: 'expired' };
    }
    return row;
  }

  async getSession(id: string): Promise<ProviderSession | null> {
    const row = await this.row(id);
    if (!row) return null;
    return {
      id: row.id,
      orderId: row.order_id,
      amountCents: row.amount_cents,
      currency: row.currency,
      status: row.status,
      paymentStatus: row.payment_status,
      method: row.method,
      reason:
        row.payment_status === 'declined'
          ? row.method === 'bank_transfer'
            ? 'Insufficient funds in the chosen account.'
            : 'Your card was declined.'
          : row.status === 'expired' && row.cancelled_at
            ? CANCELLED_BY_SHOPPER
            : null,
      cancelled: row.status === 'expired' && row.cancelled_at !== null,
      cardLast4: row.card_last_4 ?? null,
      expiresAt: new Date(row.expires_at),
    };
  }

  async expireSession(id: string): Promise<void> {
    await this.db.query(`UPDATE public.sandbox_payment_sessions SET status = 'expired' WHERE id = $1 AND status = 'open'`, [id]);
  }

  /**
   * A staff refund of part of a paid session, once per key; the refunds never add up to more than the session
   * took, and the session reads refunded once they add up to it.
   */
  private async refundPart(id: string, part: RefundPart): Promise<{ refundId: string }> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ amount_cents: string; payment_status: string }>(
        `SELECT amount_cents, payment_status FROM public.sandbox_payment_sessions WHERE id = $1 FOR UPDATE`,
        [id],
      );
      const session = rows[0];
      const again = await tx.query<{ refund_id: string; amount_cents: string }>(
        `SELECT refund_id, amount_cents FROM public.sandbox_refunds WHERE idempotency_key = $1`,
        [part.key],
      );
      if (again.rows[0]) {
        if (Number(again.rows[0].amount_cents) !== part.amountCents) throw new RefundKeyTaken(part.key);
        return { refundId: again.rows[0].refund_id };
      }
      if (!session || session.payment_status !== 'paid') throw new ConflictError('Only a paid session can be refunded.');
      const done = await tx.query<{ n: string }>(
        `SELECT coalesce(sum(amount_cents), 0) AS n FROM public.sandbox_refunds WHERE session_id = $1`,
        [id],
      );
      const total = Number(done.rows[0].n) + part.amountCents;
      if (total > Number(session.amount_cents)) throw new ConflictError('The refunds would add up to more than the session took.');
      const refundId = `re_sandbox_${randomBytes(12).toString('hex')}`;
      await tx.query(`INSERT INTO public.sandbox_refunds (idempotency_key, session_id, amount_cents, refund_id) VALUES ($1, $2, $3, $4)`, [
        part.key,
        id,
        part.amountCents,
        refundId,
      ]);
      if (total === Number(session.amount_cents)) {
        await tx.query(
          `UPDATE public.sandbox_payment_sessions SET payment_status = 'refunded', refund_id = $2, refunded_at = now() WHERE id = $1`,
          [id, refundId],
        );
      }
      return { refundId };
    });
  }

  /** Refunds what is left of a paid session once (a second call answers the same refund id), or a staff refund's part. */
  async refund(id: string, _reason: string, part?: RefundPart): Promise<{ refundId: string }> {
    if (part) return this.refundPart(id, part);
    const refundId = `re_sandbox_${randomBytes(12).toString('hex')}`;
    const row = await this.db.one<{ refund_id: string | null; payment_status: string }>(
      `UPDATE public.sandbox_payment_sessions
          SET payment_status = 'refunded', refund_id = coalesce(refund_id, $2), refunded_at = coalesce(refunded_at, now())
        WHERE id = $1 AND payment_status IN ('paid', 'refunded')
        RETURNING refund_id, payment_status`,
      [id, refundId],
    );
    if (!row?.refund_id) throw new ConflictError('Only a paid session can be refunded.');
    return { refundId: row.refund_id };
  }

  /** Pays (or fails to pay) an open session. Throws 400 for malformed details, 409 when the session is not open. */
  async pay(id: string, payment: SandboxPayment): Promise<SandboxRow> {
    const row = await this.row(id);
    if (!row) throw new NotFoundError();
    if (row.status === 'expired') throw new ConflictError('Payment session expired');
    if (row.status !== 'open') throw new ConflictError('This payment session is already complete.');
    let paid: boolean;
    let cardLast4: string | null = null;
    if (payment.method === 'card') {
      const digits = String(payment.card_number ?? '').replace(/[\s-]/g, '');
      if (!payment.card_number || !payment.expiry || !payment.cvv || !payment.name?.trim()) {
        throw new BadInputError('Please fill in all card details', 'card_number');
      }
      if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) throw new BadInputError('Your card number is incorrect.', 'card_number');
      const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(payment.expiry.trim());
      if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) throw new BadInputError('Expiry must be MM/YY.', 'expiry');
      const endOfMonth = new Date(Date.UTC(2000 + Number(m[2]), Number(m[1]), 1));
      if (endOfMonth.getTime() <= Date.now()) throw new BadInputError('Your card has expired.', 'expiry');
      if (!/^\d{3,4}$/.test(payment.cvv.trim())) throw new BadInputError('CVV must be 3 or 4 digits.', 'cvv');
      paid = digits !== SANDBOX_CARDS.declined;
      cardLast4 = digits.slice(-4);
    } else if (payment.method === 'bank_transfer') {
      const bank = DEMO_BANKS.find((b) => b.id === payment.account_id);
      if (!bank) throw new BadInputError('Please choose one of the listed bank accounts.', 'account_id');
      paid = bank.balance * 100 >= row.amount_cents;
    } else {
      throw new BadInputError("method must be 'card' or 'bank_transfer'", 'method');
    }
    // Like a provider honouring the shop's one-payment-per-order key: payments of one order are taken one
    // at a time, and a second session of an order already paid is refused instead of charged.
    const updated = await this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 16))', [`sandbox-order:${row.order_id}`]);
      const taken = await tx.query(
        `SELECT 1 FROM public.sandbox_payment_sessions WHERE order_id = $1 AND payment_status = 'paid' AND id <> $2`,
        [row.order_id, id],
      );
      if (paid && taken.rowCount) {
        await tx.query(`UPDATE public.sandbox_payment_sessions SET status = 'expired' WHERE id = $1 AND status = 'open'`, [id]);
        throw new ConflictError('This order is already paid.');
      }
      const result = await tx.query<SandboxRow>(
        `UPDATE public.sandbox_payment_sessions SET status = 'complete', payment_status = $2, method = $3, card_last_4 = $4, completed_at = now()
         WHERE id = $1 AND status = 'open' AND expires_at > now() RETURNING *`,
        [id, paid ? 'paid' : 'declined', payment.method, cardLast4],
      );
      return result.rows[0] ?? null;
    });
    if (!updated) {
      const now = await this.row(id);
      throw new ConflictError(now?.status === 'expired' ? 'Payment session expired' : 'This payment session is already complete.');
    }
    return updated;
  }

  /**
   * The shopper left the hosted page: the session ends unpaid (as expired, marked cancelled by the shopper), so
   * the order may be paid again.
   */
  async cancel(id: string): Promise<void> {
    await this.db.query(
      `UPDATE public.sandbox_payment_sessions SET status = 'expired', cancelled_at = now() WHERE id = $1 AND status = 'open'`,
      [id],
    );
  }
}
