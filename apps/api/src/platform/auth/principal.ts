export type StaffRole = 'admin' | 'staff';
export const STAFF_ROLES: readonly StaffRole[] = ['admin', 'staff'];

/** Who a request is from, as the server decides it from the session (never from the browser). */
export interface Principal {
  kind: 'staff' | 'customer';
  id: string;
  /** 'admin' | 'staff' for staff members, 'customer' for customers. */
  role: string;
  /** How the request proved it: a session cookie (subject to CSRF checks) or a bearer token. */
  via: 'cookie' | 'bearer';
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the AuthGuard on every HTTP request: the signed-in principal, or null when signed out. */
    principal?: Principal | null;
  }
}

export function hasStaffRole(principal: Principal | null | undefined, roles: readonly StaffRole[]): boolean {
  if (!principal || principal.kind !== 'staff') return false;
  if (principal.role === 'admin') return true; // admins may do all that staff may
  return roles.length === 0 || roles.includes(principal.role as StaffRole);
}
