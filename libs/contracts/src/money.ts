/** Money is integer cents inside Facet; the API and the screens speak dollars. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function toDollars(cents: number): number {
  return cents / 100;
}

// Formatters are built once: building one per call was the largest single cost of rendering a product page.
const WITH_CENTS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const WHOLE = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** "$12,500" or "$1,234.50": thousands separators, cents only when there are any. */
export function formatPrice(dollars: number): string {
  const hasCents = Math.round(dollars * 100) % 100 !== 0;
  return '$' + (hasCents ? WITH_CENTS : WHOLE).format(dollars);
}
