/** The storefront's checkout form, filled the way every card journey fills it (a New York address, a test card). */
import type { Page } from 'playwright-core';

export interface CheckoutShopper {
  firstName: string;
  lastName: string;
  /** Left as the form has it (a signed-in shopper's own) when not given. */
  email?: string;
  /**
   * Not typed here: the checkout asks for no card (it is typed once, on the payment page). Kept so journeys say
   * which card they go on to pay with.
   */
  card?: string;
}

/** Fills the contact and shipping fields on the open /checkout page; the caller presses the button it means. */
export async function fillCheckoutForm(page: Page, shopper: CheckoutShopper): Promise<void> {
  await page.getByLabel('First Name *').fill(shopper.firstName);
  await page.getByLabel('Last Name *').fill(shopper.lastName);
  if (shopper.email !== undefined) await page.getByLabel('Email *').fill(shopper.email);
  await page.getByLabel('Address *').fill('12 Bond Street');
  await page.getByLabel('City *').fill('New York');
  await page.getByLabel('State *').selectOption('NY');
  await page.getByLabel('ZIP Code *').fill('10012');
}
