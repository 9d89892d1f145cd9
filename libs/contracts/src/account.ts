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

/** An answer that only says how it went (verify, resend, forgot, reset, logout). */
export interface MessageResult {
  success: boolean;
  message: string;
}

/** GET /api/custom-designs/mine: one of the signed-in customer's design requests. */
export interface CustomDesignItem {
  id: string;
  status: string;
  created_at: string;
  jewelry_type: string;
  diamond_shape: string;
  diamond_size: string;
  metal_type: string;
  metal_karat: string;
}
