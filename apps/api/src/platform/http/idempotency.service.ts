import { Injectable } from '@nestjs/common';
import { createHash } from 'crypto';
import { DatabaseService } from '../database/database.service';
import { BadInputError, ConflictError } from './errors';

/**
 * The Idempotency-Key header: the first request with a key does the work and its response is kept;
 * repeats (even concurrent ones) get that same response and cause no second event.
 */
@Injectable()
export class IdempotencyService {
  constructor(private readonly db: DatabaseService) {}

  static hash(body: unknown): string {
    return createHash('sha256').update(JSON.stringify(body ?? null)).digest('hex');
  }

  async run<T>(scope: string, key: string | undefined, body: unknown, work: () => Promise<T>): Promise<T> {
    if (key === undefined || key === '') return work();
    if (key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) {
      throw new BadInputError('Idempotency-Key must be 1 to 200 visible ASCII characters.', 'Idempotency-Key');
    }
    const requestHash = IdempotencyService.hash(body);
    const claimed = await this.db.query(
      `INSERT INTO public.idempotency_keys (scope, key, request_hash) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING key`,
      [scope, key, requestHash],
    );
    if (claimed.length === 0) return this.awaitFirst<T>(scope, key, requestHash);
    try {
      const result = await work();
      await this.db.query('UPDATE public.idempotency_keys SET response = $3, status_code = 200 WHERE scope = $1 AND key = $2', [
        scope,
        key,
        JSON.stringify(result),
      ]);
      return result;
    } catch (err) {
      // A failed first attempt frees the key so the shopper can retry.
      await this.db.query('DELETE FROM public.idempotency_keys WHERE scope = $1 AND key = $2', [scope, key]);
      throw err;
    }
  }

  private async awaitFirst<T>(scope: string, key: string, requestHash: string): Promise<T> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const row = await this.db.one('SELECT request_hash, response FROM public.idempotency_keys WHERE scope = $1 AND key = $2', [scope, key]);
      if (row && row.request_hash !== requestHash) {
        throw new ConflictError('This Idempotency-Key was already used for a different request.');
      }
      if (row?.response !== undefined && row?.response !== null) return row.response as T;
      if (!row) throw new ConflictError('The first request with this Idempotency-Key failed; please retry.');
      if (Date.now() > deadline) throw new ConflictError('A request with this Idempotency-Key is still being processed.');
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
