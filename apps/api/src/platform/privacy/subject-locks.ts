import type { Pool } from 'pg';
import { withSessionLocks } from '../database/session-locks';

/**
 * Advisory locks on data subjects, held across the several statements of `work` and seen by every process:
 * an erasure and the recording of a payment for one of its subjects run one after the other, never
 * interleaved (a payment recorded between the erasure's check and its key deletion would be an order paid
 * for delivery to no one).
 */
export function withSubjectLocks<T>(pool: Pool, subjects: readonly string[], work: () => Promise<T>): Promise<T> {
  return withSessionLocks(
    pool,
    'value',
    subjects.map((subject) => `subject-erasure:${subject}`),
    work,
  );
}
