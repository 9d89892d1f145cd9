import type { StaffIdentity } from '@facet/contracts';
import type { AuthProvider } from 'react-admin';

export const ACCESS_DENIED = 'Access Denied: Invalid administrator credentials';
export const LOGIN_ERROR = 'Login Error: Something went wrong. Please try again.';

const headers = { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Requested-With': 'facet' };

export type { StaffIdentity } from '@facet/contracts';

let cached: { at: number; staff: StaffIdentity | null } | null = null;

async function me(): Promise<StaffIdentity | null> {
  if (cached && Date.now() - cached.at < 5_000) return cached.staff;
  const res = await fetch('/api/staff/me', { headers, credentials: 'same-origin' }).catch(() => null);
  // /api/staff/me answers the member; a login answer carries them under `staff`.
  const staff = res && res.ok ? ((await res.json()) as StaffIdentity | { staff: StaffIdentity }) : null;
  const identity = staff ? ('staff' in staff ? staff.staff : staff) : null;
  cached = { at: Date.now(), staff: identity };
  return identity;
}

/** Staff sessions live on the server (httpOnly cookie); the console only asks who is signed in. */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username?: string; password?: string }) {
    let res: Response;
    try {
      res = await fetch('/api/staff/login', {
        method: 'POST',
        headers,
        credentials: 'same-origin',
        body: JSON.stringify({ username: String(username ?? '').trim(), password }),
      });
    } catch {
      throw new Error(LOGIN_ERROR);
    }
    if (res.status === 401) throw new Error(ACCESS_DENIED);
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { detail?: unknown } | null;
      // A throttle (429) or a refused input (400, e.g. a NUL character) says why; anything else is generic.
      throw new Error(
        (res.status === 429 || res.status === 400) && typeof body?.detail === 'string' && body.detail ? body.detail : LOGIN_ERROR,
      );
    }
    const body = (await res.json()) as { staff: StaffIdentity };
    cached = { at: Date.now(), staff: body.staff };
    // react-router paths are absolute here: the console lives under /admin.
    return { redirectTo: '/admin/dashboard' };
  },

  /** `{ sessionEnded: true }`: the server already ended the session (a password change); only forget it here. */
  async logout(params?: { sessionEnded?: boolean }) {
    const signedIn = cached?.staff !== null && !params?.sessionEnded;
    cached = { at: Date.now(), staff: null };
    // Only a live session needs ending on the server (react-admin also calls this when a check fails).
    if (signedIn)
      await fetch('/api/staff/logout', { method: 'POST', headers, credentials: 'same-origin', body: '{}' }).catch(() => undefined);
  },

  async checkAuth() {
    // No notice: the login page is explanation enough.
    // react-admin's own convention: a rejection whose message is false signs out without a notice.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (!(await me())) throw { message: false };
  },

  async checkError(error) {
    const status = (error as { status?: unknown } | null | undefined)?.status;
    if (status === 401) {
      cached = null;
      throw new Error('Your session has ended');
    }
  },

  async getIdentity() {
    const staff = await me();
    if (!staff) throw new Error('Not signed in');
    return { id: staff.id, fullName: staff.name || staff.email, email: staff.email, role: staff.role };
  },

  async getPermissions() {
    return (await me())?.role ?? null;
  },
};
