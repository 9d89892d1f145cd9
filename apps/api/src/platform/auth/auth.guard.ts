import type { FastifyRequest } from 'fastify';
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ForbiddenError, SESSION_ENDED_MESSAGE, UnauthorizedError } from '../domain/errors';
import { ACCESS_METADATA, AccessRule } from './auth.decorators';
import { hasStaffRole, Principal } from './principal';
import { SESSION_COOKIE, SessionsService } from './sessions.service';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Decides every request's access on the server: resolves the session (cookie or bearer token), checks the
 * route's rule, refuses cookie-authenticated writes without the X-Requested-With header (a cross-site form
 * cannot send it), and fails closed for /api/admin routes that forgot to declare a rule.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const { principal, tokenEnded } = await this.authenticate(request);
    request.principal = principal;

    const rule =
      this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_METADATA, [context.getHandler(), context.getClass()]) ??
      (String(request.url).startsWith('/api/admin') ? { kind: 'staff', roles: ['admin'] } : { kind: 'public' });

    // A bearer token is sent on purpose: one that has ended is refused, not taken as no session at all.
    if (tokenEnded && !(rule.kind === 'public' && rule.signsInOrOut)) throw new UnauthorizedError(SESSION_ENDED_MESSAGE, true);

    if (principal?.via === 'cookie' && !SAFE_METHODS.has(request.method) && !request.headers['x-requested-with']) {
      throw new ForbiddenError('This request must come from the Facet site (missing X-Requested-With header).');
    }
    switch (rule.kind) {
      case 'public':
        return true;
      case 'signed-in':
        if (!principal) throw new UnauthorizedError();
        return true;
      case 'customer':
        if (!principal) throw new UnauthorizedError();
        if (principal.kind !== 'customer') throw new ForbiddenError('This is for customer accounts.');
        return true;
      case 'staff':
        if (!principal) throw new UnauthorizedError('Please sign in with a staff account.');
        if (!hasStaffRole(principal, rule.roles)) {
          throw new ForbiddenError(principal.kind === 'staff' ? `This needs the ${rule.roles.join(' or ')} role.` : 'Staff only.');
        }
        return true;
    }
  }

  /**
   * The request's session, and whether it sent a bearer token that resolves to none. A session cookie that has
   * ended is no session (a browser keeps sending it; the pages see they are signed out).
   */
  private async authenticate(request: FastifyRequest): Promise<{ principal: Principal | null; tokenEnded: boolean }> {
    if (request.principal !== undefined) return { principal: request.principal, tokenEnded: false };
    const header = String(request.headers.authorization ?? '');
    // "Bearer" with no token after it is a bearer token too, an empty one.
    if (/^bearer(?:\s|$)/i.test(header)) {
      const principal = await this.sessions.resolve(header.slice(6).trim(), 'bearer');
      return { principal, tokenEnded: principal === null };
    }
    const cookie = request.cookies?.[SESSION_COOKIE];
    return { principal: cookie ? await this.sessions.resolve(cookie, 'cookie') : null, tokenEnded: false };
  }
}
