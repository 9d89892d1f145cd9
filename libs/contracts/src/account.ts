/** What the API answers about accounts, as the storefront and the console read it (types only). */

/** A customer's address as the spec's User carries it. */
export interface Address {
  street: string;
  apartment: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

/** The spec's User: a signed-in customer as /api/auth/login, /api/auth/session and /api/me answer it (never the password). */
export interface User {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  address: Address;
  emailVerified: boolean;
  verifiedAt: string | null;
}

export type StaffRole = 'admin' | 'staff';

/** A signed-in staff member as /api/staff/login and /api/staff/me answer it. */
export interface StaffIdentity {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
}
