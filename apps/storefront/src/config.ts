/** The house's contact details and fixed facts, shown in the footer, the contact page and messages. */
export const SHOP = {
  name: 'Facet',
  tagline: 'Fine Jewelry & Diamonds',
  established: 1985,
  phones: ['+1 (212) 555-0147', '+1 (212) 555-0199'] as const,
  email: 'info@facet-jewelry.com',
  address: ['725 Fifth Avenue', 'New York, NY 10022'] as const,
  hours: ['Monday – Saturday, 10am – 7pm', 'Sunday, 12pm – 5pm'] as const,
  legalRevised: 'September 17, 2025',
} as const;

/** "tel:" link for a display phone number. */
export function telHref(phone: string): string {
  return 'tel:' + phone.replace(/[^\d+]/g, '');
}

/** Years the house has been operating, e.g. 39+ in 2024 (the spec's statistic). */
export const YEARS_OF_CRAFT = '39+';
