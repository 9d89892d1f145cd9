import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiCookieAuth, ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { Principal, StaffRole } from './principal';

export const ACCESS_METADATA = 'facet:access';

export type AccessRule = { kind: 'public' } | { kind: 'customer' } | { kind: 'staff'; roles: readonly StaffRole[] } | { kind: 'signed-in' };

function access(rule: AccessRule) {
  return applyDecorators(
    SetMetadata(ACCESS_METADATA, rule),
    ...(rule.kind === 'public'
      ? []
      : [
          ApiCookieAuth('session'),
          ApiBearerAuth('bearer'),
          ApiUnauthorizedResponse({ description: 'No valid session' }),
          ApiForbiddenResponse({
            description:
              'The session may not do this; or a write (not GET) sent with the session cookie but without the X-Requested-With header',
          }),
        ]),
  );
}

/** Staff only; with roles, only those roles (admins always pass). */
export const RequireStaff = (...roles: StaffRole[]) => access({ kind: 'staff', roles });
/** A signed-in customer. */
export const RequireCustomer = () => access({ kind: 'customer' });
/** Anyone signed in, customer or staff. */
export const RequireSignedIn = () => access({ kind: 'signed-in' });
/** Explicitly open to everyone (routes under /api/admin may not be public). */
export const Public = () => access({ kind: 'public' });

/** The request's principal, or null when signed out. */
export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal | null => {
  return ctx.switchToHttp().getRequest().principal ?? null;
});
