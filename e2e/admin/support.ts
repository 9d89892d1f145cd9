/** Shared set-up for the staff console journeys: Debian's Chromium, a tablet-and-up viewport, screenshots on disk. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, untilPainted } from '../support/browser';
import { clientAddress } from '../support/client-address';

export const BASE_URL = (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
export const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? 'admin@facet.local';
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'Facet-Admin-1985!';
export const SCREENSHOT_DIR = join(__dirname, '..', 'screenshots', 'admin');

export const launch = launchChromium;

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await untilPainted(page);
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** The order-access cookie the placements set: only the browser that placed an order may open its checkout. */
let orderAccess = '';

/** JSON over HTTP with a staff bearer token (for arranging data the journey then works on), keeping the order-access cookie. */
export async function api(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { 'x-requested-with': 'facet', 'x-forwarded-for': clientAddress() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if (orderAccess) headers.cookie = orderAccess;
  const res = await fetch(BASE_URL + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const access = res.headers.getSetCookie().find((c) => c.startsWith('facet_order_access='));
  if (access) orderAccess = access.split(';')[0];
  const text = await res.text();
  let json: any = text;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: json };
}

/** Read models fill in behind the commands: GET `path` until `ok` holds of its body (20 s at most), then that body. */
export async function untilListed(path: string, ok: (body: any) => boolean, token: string): Promise<any> {
  for (let i = 0; i < 100; i++) {
    const res = await api('GET', path, undefined, token);
    if (res.status === 200 && ok(res.body)) return res.body;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not ready: ${path}`);
}

export async function staffToken(): Promise<string> {
  const res = await api('POST', '/api/staff/login', { username: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  if (res.status !== 200) throw new Error(`staff login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/** A tiny valid PNG (a 2x2 gold square). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGPYsLfr/38GBgYmBgYGBgYAKWAE/bPQ5JYAAAAASUVORK5CYII=',
  'base64',
);
