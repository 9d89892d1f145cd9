import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiCookieAuth, ApiBearerAuth, ApiExtension, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { Principal, StaffRole } from './principal';

export const ACCESS_METADATA = 'facet:access';

export type AccessRule =
  | { kind: 'public'; signsInOrOut?: boolean }
  | { kind: 'customer' }
  | { kind: 'staff'; roles: readonly StaffRole[] }
  | { kind: 'signed-in' };

function access(rule: AccessRule) {
  return applyDecorators(
    SetMetadata(ACCESS_METADATA, rule),
    ...(rule.kind === 'public'
      ? rule.signsInOrOut
        ? []
        : [ApiUnauthorizedResponse({ description: 'The bearer token sent has expired or was revoked (send none to go on as a guest)' })]
      : [
          // Who may call it, for the document's words (platform/http/swagger.ts describes it from this).
          ApiExtension(
            'x-access',
            rule.kind === 'staff'
              ? { session: 'staff', roles: rule.roles.length ? rule.roles : ['admin', 'staff'] }
              : { session: rule.kind },
          ),
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
/**
 * Explicitly open to everyone (routes under /api/admin may not be public). A bearer token that has expired or
 * was revoked is still refused (401): acting as a guest instead would, say, place the customer's order as a
 * guest's, out of their account.
 */
export const Public = () => access({ kind: 'public' });
/** Open to everyone, where a session is made or ended (sign-in, sign-out): an ended bearer token sent along is ignored. */
export const SignsInOrOut = () => access({ kind: 'public', signsInOrOut: true });

/** The request's principal, or null when signed out. */
export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal | null => {
  return ctx.switchToHttp().getRequest<{ principal?: Principal | null }>().principal ?? null;
});
