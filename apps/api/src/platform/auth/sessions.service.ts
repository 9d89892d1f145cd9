import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'crypto';
import { FACET_CONFIG, FacetConfig } from '../config/config';
import { DatabaseService } from '../database/database.service';
import { Principal } from './principal';

export const SESSION_COOKIE = 'facet_session';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Server-side sessions. The token goes to the client once (cookie or bearer); only its hash is stored,
 * so a database leak does not leak sessions. Revocation is immediate for every process.
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly db: DatabaseService,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {}

  async create(kind: Principal['kind'], subjectId: string, role: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.config.sessionTtlHours * 3600_000);
    await this.db.query('INSERT INTO public.sessions (token_hash, kind, subject_id, role, expires_at) VALUES ($1, $2, $3, $4, $5)', [
      hashToken(token),
      kind,
      subjectId,
      role,
      expiresAt,
    ]);
    return { token, expiresAt };
  }

  /**
   * A session for credentials checked a moment ago, unless `unchanged()`, asked after the session exists,
   * says they changed meanwhile (a reset, a role change, a removal): then it is revoked and null answered.
   * Those changes revoke every session only once their read model shows them, so a session made before
   * that revocation is revoked by it, and one made after it is caught here: none outlives the change.
   */
  async createUnlessChanged(
    kind: Principal['kind'],
    subjectId: string,
    role: string,
    unchanged: () => Promise<boolean>,
  ): Promise<{ token: string; expiresAt: Date } | null> {
    const session = await this.create(kind, subjectId, role);
    if (await unchanged()) return session;
    await this.revoke(hashToken(session.token));
    return null;
  }

  async resolve(token: string, via: Principal['via']): Promise<Principal | null> {
    if (!token || token.length > 200) return null;
    const tokenHash = hashToken(token);
    const row = await this.db.one<{ kind: Principal['kind']; subject_id: string; role: string }>(
      `SELECT kind, subject_id, role FROM public.sessions
       WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()`,
      [tokenHash],
    );
    return row ? { kind: row.kind, id: row.subject_id, role: row.role, via, tokenHash } : null;
  }

  async revoke(tokenHash: string): Promise<void> {
    await this.db.query('UPDATE public.sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash]);
  }

  /** Ends every session of a subject (password reset, erasure, role change), or those made up to `madeBy`. */
  async revokeAllFor(subjectId: string, madeBy?: string): Promise<void> {
    await this.db.query(
      `UPDATE public.sessions SET revoked_at = now()
        WHERE subject_id = $1 AND revoked_at IS NULL AND ($2::timestamptz IS NULL OR created_at <= $2::timestamptz)`,
      [subjectId, madeBy ?? null],
    );
  }
}
