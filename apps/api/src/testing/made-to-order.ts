import { TestApp } from './test-app';

/**
 * The listed products whose default variant is made to order (issue 40): an order line without variant_id
 * of one of them reserves nothing, so a test may order it as often as it likes. The seed also has stocked
 * pieces (one-of-a-kind ones with 1 unit) that a second order finds sold out (409).
 */
export function madeToOrder<T extends { id: string }>(t: TestApp, products: readonly T[]): Promise<T[]> {
  return madeToOrderAt(t.url, products);
}

/** The same, for a shop running at `base` (http://127.0.0.1:<port>): a spawned process, say. */
export async function madeToOrderAt<T extends { id: string }>(base: string, products: readonly T[]): Promise<T[]> {
  const details = await Promise.all(products.map((p) => fetch(`${base}/api/products/${p.id}`).then((r) => r.json())));
  return products.filter((_, i) => {
    const variants: { is_default: boolean; available: number | null }[] = (details[i] as { variants?: [] }).variants ?? [];
    return (variants.find((v) => v.is_default) ?? variants[0])?.available === null;
  });
}
