import { TestApp } from './test-app';

/**
 * The listed products whose default variant is made to order (issue 40): an order line without variant_id
 * of one of them reserves nothing, so a test may order it as often as it likes. The seed also has stocked
 * pieces (one-of-a-kind ones with 1 unit) that a second order finds sold out (409).
 */
export async function madeToOrder<T extends { id: string }>(t: TestApp, products: readonly T[]): Promise<T[]> {
  const details = await Promise.all(products.map((p) => t.request('GET', `/api/products/${p.id}`)));
  return products.filter((_, i) => {
    const variants: { is_default: boolean; available: number | null }[] = details[i].body.variants ?? [];
    return (variants.find((v) => v.is_default) ?? variants[0])?.available === null;
  });
}
