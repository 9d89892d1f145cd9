/**
 * A request to the shop's API as its administrator (the journeys' shop, see global-setup.ts): signs in once per
 * file and keeps the token.
 */
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../admin/support';

const BASE_URL = (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
let token: Promise<string> | null = null;

export async function staffRequest(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  token ??= fetch(`${BASE_URL}/api/staff/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  })
    .then((r) => r.json())
    .then((login: { token: string }) => login.token);
  const res = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: { Authorization: `Bearer ${await token}`, 'Content-Type': 'application/json', 'X-Requested-With': 'facet' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}
