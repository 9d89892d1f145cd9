/** Money is integer cents inside Facet; the API and the screens speak dollars. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function toDollars(cents: number): number {
  return cents / 100;
}

/** "$12,500" or "$1,234.50": thousands separators, cents only when there are any. */
export function formatPrice(dollars: number): string {
  const hasCents = Math.round(dollars * 100) % 100 !== 0;
  return (
    '$' +
    dollars.toLocaleString('en-US', {
      minimumFractionDigits: hasCents ? 2 : 0,
      maximumFractionDigits: 2,
    })
  );
}
