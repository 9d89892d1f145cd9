/**
 * The signed-in user. The copy kept in the browser ('facet:user') is for display only: the server session
 * (httpOnly cookie) decides, so on load GET /api/auth/session refreshes the copy or clears it.
 */
import type { User } from '@facet/contracts';
import { accountApi } from '../../api/account';
import { ApiError } from '../../api/client';
import { createPersistentStore, useStore } from '../storage';

export function sanitizeUser(raw: unknown): User | null {
  if (!raw || typeof raw !== 'object') return null;
  const u = raw as Partial<User>;
  if (typeof u.id !== 'string' || typeof u.email !== 'string') return null;
  const a = (u.address ?? {}) as Partial<User['address']>;
  const s = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    id: u.id,
    email: u.email,
    firstName: s(u.firstName),
    lastName: s(u.lastName),
    phone: s(u.phone),
    address: {
      street: s(a.street),
      apartment: s(a.apartment),
      city: s(a.city),
      state: s(a.state),
      zipCode: s(a.zipCode),
      country: s(a.country) || 'US',
    },
    emailVerified: u.emailVerified === true,
    verifiedAt: typeof u.verifiedAt === 'string' ? u.verifiedAt : null,
  };
}

export const userStore = createPersistentStore<User | null>('user', sanitizeUser);

let checked: Promise<void> | null = null;

/**
 * Asks the server who is signed in (once per page load, when the browser holds a copy): a 401 clears the
 * copy, a network failure keeps it. Visitors who never signed in cost no request.
 */
export function refreshSession(force = false): Promise<void> {
  if (checked && !force) return checked;
  if (!userStore.get()) return Promise.resolve();
  checked = accountApi
    .session()
    .then(({ user }) => userStore.set(sanitizeUser(user)))
    .catch((error) => {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) userStore.set(null);
    });
  return checked;
}

export const authActions = {
  signedIn: (user: User) => userStore.set(sanitizeUser(user)),
  async logout(): Promise<void> {
    try {
      await accountApi.logout();
    } finally {
      userStore.set(null);
    }
  },
  cleared: () => userStore.set(null),
};

export function useAuth() {
  const user = useStore(userStore);
  return { user, ...authActions };
}
