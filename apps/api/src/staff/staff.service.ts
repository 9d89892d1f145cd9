import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomUUID } from 'crypto';
import { FACET_CONFIG, FacetConfig } from '../platform/config/config';
import { DatabaseService } from '../platform/database/database.service';
import { EventSourcing } from '../platform/event-store/event-sourcing.service';
import { runWithContext } from '../platform/context/request-context';
import { ConflictError, isConflict, NotFoundError } from '../platform/domain/errors';
import { SessionsService } from '../platform/auth/sessions.service';
import { PersonalData } from '../platform/privacy/personal-data';
import { hashPassword, verifyPassword } from '../platform/auth/passwords';
import { StaffRole } from '../platform/auth/principal';
import { staffMember, staffStream } from './domain/staff-member';
import { containing, SqlFilter } from '../platform/database/sql-filter';

export interface StaffMemberView {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  created_at: string;
}

@Injectable()
export class StaffService {
  private readonly logger = new Logger('Staff');

  constructor(
    private readonly es: EventSourcing,
    private readonly db: DatabaseService,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
    private readonly sessions: SessionsService,
    private readonly privacy: PersonalData,
  ) {}

  private digest(email: string): string {
    return createHash('sha256').update(`staff-email:${email}`).digest('hex');
  }

  /**
   * The first administrator, from ADMIN_EMAIL / ADMIN_PASSWORD, or the printed default when a server starts
   * in development. Only the server start calls this (main.ts, and the test app standing in for it): migrate,
   * seed and replay never create an account. Returns whether an account was created.
   */
  async createFirstAdministrator(): Promise<boolean> {
    if (!this.config.adminCredentialsFromEnv && this.config.env !== 'development') return false;
    return runWithContext({ actor: { type: 'system', id: 'bootstrap' }, correlationId: randomUUID(), causationId: null }, async () => {
      const existing = await this.findByEmail(this.config.adminEmail);
      if (existing) return false;
      try {
        const member = await this.add(this.config.adminEmail, 'Administrator', 'admin', this.config.adminPassword);
        this.logger.log(`created the first administrator${member ? ` (staff ${member.id})` : ""}`);
        return true;
      } catch (err) {
        if (!isConflict(err)) throw err; // another process created it at the same moment
        return false;
      }
    });
  }

  async add(email: string, name: string, role: StaffRole, password: string): Promise<StaffMemberView> {
    const normalized = email.trim().toLowerCase();
    if (await this.findByEmail(normalized)) throw new ConflictError('A staff member with this e-mail already exists.');
    const staffId = randomUUID();
    // The claim makes two concurrent additions of one address a conflict instead of two accounts.
    const claimed = await this.db.query(
      'INSERT INTO public.staff_email_claims (email_digest, staff_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING staff_id',
      [this.digest(normalized), staffId],
    );
    if (!claimed.length) throw new ConflictError('A staff member with this e-mail already exists.');
    try {
      await this.es.decide(staffStream(staffId), staffMember, {
        type: 'AddStaffMember',
        staffId,
        email: normalized,
        name,
        role,
        passwordHash: await hashPassword(password),
      });
    } catch (err) {
      await this.db.query('DELETE FROM public.staff_email_claims WHERE staff_id = $1', [staffId]).catch(() => undefined);
      throw err;
    }
    return (await this.get(staffId)) as StaffMemberView;
  }

  /** A new role takes effect at once: the member's sessions end and they sign in again. */
  async changeRole(staffId: string, role: StaffRole): Promise<StaffMemberView> {
    await this.es.decide(staffStream(staffId), staffMember, { type: 'ChangeStaffRole', staffId, role });
    await this.sessions.revokeAllFor(staffId);
    const member = await this.get(staffId);
    if (!member) throw new NotFoundError();
    return member;
  }

  /** Removes a member: their sessions end, their address is free again and their personal data is erased. */
  async remove(staffId: string): Promise<void> {
    const member = await this.get(staffId);
    await this.es.decide(staffStream(staffId), staffMember, { type: 'RemoveStaffMember', staffId });
    await this.sessions.revokeAllFor(staffId);
    await this.db.query('DELETE FROM public.staff_email_claims WHERE staff_id = $1', [staffId]);
    if (member?.email) await this.db.query('DELETE FROM public.staff_email_claims WHERE email_digest = $1', [this.digest(member.email)]);
    await this.privacy.erase(`staff:${staffId}`);
  }

  async list(f: {
    q?: string;
    role?: StaffRole;
    sort: 'created_at' | 'email' | 'name' | 'role';
    order: 'asc' | 'desc';
    page: number;
    limit: number;
  }): Promise<{ items: StaffMemberView[]; total: number; page: number; limit: number }> {
    const filter = new SqlFilter().whereGiven('role = ?', f.role);
    const q = f.q?.trim().toLowerCase();
    if (q) filter.where(`lower(coalesce(email, '') || ' ' || coalesce(name, '')) LIKE ?`, containing(q));
    const total = Number((await this.db.one(`SELECT count(*) AS n FROM staff_members ${filter.sql}`, filter.params))?.n ?? 0);
    const column = { created_at: 'created_at', email: 'email', name: 'name', role: 'role' }[f.sort];
    const page = filter.page(f.page, f.limit);
    const items = await this.db.query<StaffMemberView>(
      `SELECT id, email, name, role, created_at FROM staff_members ${filter.sql}
       ORDER BY ${column} ${f.order === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, id ASC ${page.sql}`,
      page.params,
    );
    return { items, total, page: f.page, limit: f.limit };
  }

  async findByEmail(email: string) {
    // PostgreSQL text cannot hold NUL: such a name is simply nobody (not a 500).
    if (email.includes('\u0000')) return null;
    return this.db.one<{ id: string; email: string; name: string; role: StaffRole; password_hash: string }>(
      'SELECT id, email, name, role, password_hash FROM staff_members WHERE email = $1',
      [email.trim().toLowerCase()],
    );
  }

  async get(id: string): Promise<StaffMemberView | null> {
    return this.db.one('SELECT id, email, name, role, created_at FROM staff_members WHERE id = $1', [id]);
  }

  /** Checks the credentials; null when they do not match (same time either way). */
  async authenticate(email: string, password: string): Promise<StaffMemberView | null> {
    const member = await this.findByEmail(email);
    const ok = await verifyPassword(member?.password_hash, password);
    if (!ok || !member) return null;
    return { id: member.id, email: member.email, name: member.name, role: member.role, created_at: '' };
  }
}
