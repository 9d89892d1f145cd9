/**
 * The stock-hold cap (issue 49): one client's orders not yet paid or confirmed hold at most `cap` units of one
 * variant, so a few unpaid orders (each with a new e-mail and cookie) cannot hold a piece's whole stock while
 * real buyers are told it is sold out. Pure: the handler counts what the client holds and asks this.
 */
export interface HoldWanted {
  variantId: string;
  item: string;
  quantity: number;
}

/** The refusal a shopper reads, or null when every line fits beside what the client already holds. */
export function holdCapRefusal(wanted: readonly HoldWanted[], held: Readonly<Record<string, number>>, cap: number): string | null {
  for (const line of wanted) {
    const already = held[line.variantId] ?? 0;
    if (already + line.quantity <= cap) continue;
    const left = Math.max(0, cap - already);
    const now =
      already > 0
        ? ` Your orders not yet paid already hold ${already}; ${left > 0 ? `you can add ${left} more` : 'pay or cancel one of them first'}.`
        : '';
    return `One shopper can hold at most ${cap} of ${line.item} in orders not yet paid.${now}`;
  }
  return null;
}
