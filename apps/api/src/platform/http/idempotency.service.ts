import { Injectable } from '@nestjs/common';
import { Principal } from '../auth/principal';
import { DatabaseService } from '../database/database.service';
import { keyedDigest } from '../privacy/privacy-secret';
import { BadInputError, ConflictError } from '../domain/errors';

/** How long a request holds its key before a retry may take over (the work's own append decides the rest). */
export const IDEMPOTENCY_LEASE_SECONDS = 5;
const WAIT_FOR_FIRST_MS = 10_000;

/** What the work is told: the id its new record must have, and whether an earlier holder may have committed it. */
export interface IdempotentAttempt {
  /** Derived from the scope and the key: every retry of one key names the same order, message or design. */
  id: string;
  /** True when the key was taken over from a holder that did not finish (crashed, or slower than the lease). */
  resumed: boolean;
}

/**
 * The Idempotency-Key header. The first request with a key holds a short lease on it and does the work;
 * repeats (even concurrent ones) wait for and get that same response. The work names its record with an
 * id derived from the key, and appends it with "the stream must not exist": so the key is bound to the
 * append itself. If the holder dies after committing, a retry takes over the expired lease and finds the
 * committed record (and answers it); if it died before, the retry places it, once.
 */
@Injectable()
export class IdempotencyService {
  constructor(private readonly db: DatabaseService) {}

  /** The request's fingerprint, keyed like the key (the body holds the shopper's name and address). */
  static hash(body: unknown): string {
    return keyedDigest('idempotency-request', JSON.stringify(body ?? null));
  }

  /**
   * The key as stored: a keyed digest of the caller's scope and key. A client chooses the key and may put a
   * person's name in it; stored as sent, it would outlive that person's erasure.
   */
  static storedKey(scope: string, key: string): string {
    return keyedDigest('idempotency-key', `${scope}\u0000${key}`);
  }

  /**
   * A key's scope: the caller. A signed-in person by id; a guest by a keyed digest of the e-mail they
   * typed in this request (so two guests never share a key, and a guest's retry finds its first answer).
   */
  static callerScope(part: string, principal: Principal | null, guestEmail: string | null | undefined): string {
    if (principal) return `${part}:${principal.kind}:${principal.id}`;
    return `${part}:guest:${keyedDigest(
      'idempotency-guest',
      String(guestEmail ?? '')
        .trim()
        .toLowerCase(),
    )}`;
  }

  /** A UUID derived from the scope and key (keyed, so nobody can predict another caller's record id). */
  static derivedId(scope: string, key: string): string {
    const h = keyedDigest('idempotency-id', `${scope}\u0000${key}`).padEnd(32, '0').slice(0, 32).split('');
    h[12] = '5'; // a name-based UUID (version 5 layout), variant 10xx
    h[16] = ['8', '9', 'a', 'b'][parseInt(h[16], 16) % 4];
    const s = h.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
  }

  async run<T>(scope: string, key: string | undefined, body: unknown, work: (attempt: IdempotentAttempt | null) => Promise<T>): Promise<T> {
    if (key === undefined || key === '') return work(null);
    if (key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) {
      throw new BadInputError('Idempotency-Key must be 1 to 200 visible ASCII characters.', 'Idempotency-Key');
    }
    const requestHash = IdempotencyService.hash(body);
    const id = IdempotencyService.derivedId(scope, key);
    const storedKey = IdempotencyService.storedKey(scope, key);
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      // Take the key if it is new, or if its holder's lease ran out without an answer (a crash).
      const claimed = await this.db.query<{ resumed: boolean }>(
        `INSERT INTO public.idempotency_keys AS k (scope, key, request_hash, lease_until)
         VALUES ($1, $2, $3, now() + make_interval(secs => $4))
         ON CONFLICT (scope, key) DO UPDATE SET lease_until = EXCLUDED.lease_until
           WHERE k.response IS NULL AND k.request_hash = EXCLUDED.request_hash AND coalesce(k.lease_until, k.created_at) < now()
         RETURNING (xmax <> 0) AS resumed`,
        [scope, storedKey, requestHash, IDEMPOTENCY_LEASE_SECONDS],
      );
      if (claimed.length) return this.holdAndWork(scope, storedKey, { id, resumed: claimed[0].resumed }, work);

      const row = await this.db.one<{ request_hash: string; response: unknown }>(
        'SELECT request_hash, response FROM public.idempotency_keys WHERE scope = $1 AND key = $2',
        [scope, storedKey],
      );
      if (row && row.request_hash !== requestHash)
        throw new ConflictError('This Idempotency-Key was already used for a different request.');
      if (row && row.response !== null && row.response !== undefined) return row.response as T;
      if (Date.now() > deadline)
        throw new ConflictError('A request with this Idempotency-Key is still being processed. Please retry in a few seconds.');
      await new Promise((r) => setTimeout(r, row ? 50 : 0)); // held by another request (or just released): look again
    }
  }

  private async holdAndWork<T>(
    scope: string,
    storedKey: string,
    attempt: IdempotentAttempt,
    work: (attempt: IdempotentAttempt) => Promise<T>,
  ): Promise<T> {
    // Slow work keeps its lease (a retry taking over meanwhile would still find the same record id).
    const renew = setInterval(
      () => {
        this.db
          .query(
            `UPDATE public.idempotency_keys SET lease_until = now() + make_interval(secs => $3) WHERE scope = $1 AND key = $2 AND response IS NULL`,
            [scope, storedKey, IDEMPOTENCY_LEASE_SECONDS],
          )
          .catch(() => undefined);
      },
      (IDEMPOTENCY_LEASE_SECONDS * 1000) / 2,
    );
    try {
      const result = await work(attempt);
      await this.db.query(
        'UPDATE public.idempotency_keys SET response = $3, status_code = 200, lease_until = NULL WHERE scope = $1 AND key = $2',
        [scope, storedKey, JSON.stringify(result)],
      );
      return result;
    } catch (err) {
      // A refused request frees the key so the shopper can correct it and retry.
      await this.db
        .query('DELETE FROM public.idempotency_keys WHERE scope = $1 AND key = $2 AND response IS NULL', [scope, storedKey])
        .catch(() => undefined);
      throw err;
    } finally {
      clearInterval(renew);
    }
  }
}
