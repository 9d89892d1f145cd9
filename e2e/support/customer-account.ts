/** A shopper's account for the journeys that need one signed in: made through the API, signed in through the page. */
import type { Page } from 'playwright-core';

const JSON_WRITE = { 'Content-Type': 'application/json', 'X-Requested-With': 'facet' };

/**
 * Registers the address and verifies it through the development-only link the register answer carries
 * (the shop under test does not run in production). Throws when either step is refused.
 */
export async function registerVerifiedCustomer(baseUrl: string, email: string, password: string): Promise<void> {
  const registered = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: JSON_WRITE,
    body: JSON.stringify({ email, password }),
  });
  const body = (await registered.json()) as { verification_link?: string };
  if (!body.verification_link) throw new Error(`registering ${email} answered ${registered.status} without a verification link`);
  const token = new URL(body.verification_link).searchParams.get('token');
  const verified = await fetch(`${baseUrl}/api/auth/verify-email`, {
    method: 'POST',
    headers: JSON_WRITE,
    body: JSON.stringify({ email, token }),
  });
  if (verified.status !== 200) throw new Error(`verifying ${email} answered ${verified.status}`);
}

/** Signs in on the storefront's login page and waits for the profile it lands on. */
export async function signInOnStorefront(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/profile');
  await page.getByRole('heading', { name: 'Personal Details' }).waitFor();
}
