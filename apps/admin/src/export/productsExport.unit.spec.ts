import { productsCsv, productVariantRows } from './productsExport';
import { parseCsv } from '../test/parseCsv';

const product = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  name: `Celeste Ring ${id}`,
  description: 'A 1.50 ct oval diamond.',
  price: 7850,
  original_price: null,
  image: `/images/products/${id}-1.svg`,
  images: [`/images/products/${id}-1.svg`],
  category: 'women-rings',
  features: ['Platinum 950'],
  rating: 4.5,
  reviews_count: 12,
  in_stock: true,
  version: 3,
  created_at: '2026-11-27T03:11:57.319Z',
  updated_at: '2026-11-27T03:11:57.319Z',
  ...over,
});

const variant = (sku: string, options: Record<string, string>, over: Record<string, unknown> = {}) => ({
  id: `v-${sku}`,
  sku,
  options,
  price: 7850,
  available: 4,
  lead_time_days: null,
  is_default: false,
  image: null,
  ...over,
});

const ring = product('p1', {
  options: [
    { name: 'size', values: ['6', '6.5'] },
    { name: 'metal', values: ['Platinum', 'Yellow Gold'] },
  ],
  variants: [
    variant('CEL-6-PT', { size: '6', metal: 'Platinum' }, { available: 2, is_default: true }),
    variant('CEL-65-YG', { size: '6.5', metal: 'Yellow Gold' }, { price: 8100, available: null, lead_time_days: 15 }),
  ],
});

describe('products CSV export with variants', () => {
  it('should write one row per variant, the product columns repeated, each option in its own column', async () => {
    const plain = product('p2', { name: 'Pearl Studs', variants: [] });
    const readOne = jest.fn(async (id: string) => (id === 'p1' ? ring : plain));
    const rows = parseCsv(await productsCsv([product('p1'), product('p2')], readOne));
    const [header, ...body] = rows;
    expect(readOne.mock.calls.map(([id]) => id).sort()).toEqual(['p1', 'p2']);
    expect(body).toHaveLength(3); // two variants of the ring, one row for the studs
    for (const row of body) expect(row).toHaveLength(header.length);
    const at = (row: string[], column: string) => {
      expect(header).toContain(column);
      return row[header.indexOf(column)];
    };
    const [first, second, studs] = body;
    expect(at(first, 'id')).toBe('p1');
    expect(at(second, 'id')).toBe('p1');
    expect(at(second, 'name')).toBe('Celeste Ring p1');
    expect(at(second, 'category')).toBe("Women's Rings");
    expect(at(first, 'variant_sku')).toBe('CEL-6-PT');
    expect(at(first, 'variant')).toBe('Size 6 · Metal Platinum');
    expect(at(first, 'option.size')).toBe('6');
    expect(at(first, 'option.metal')).toBe('Platinum');
    expect(at(first, 'variant_price')).toBe('7850.00');
    expect(at(first, 'variant_stock')).toBe('2');
    expect(at(first, 'variant_made_to_order')).toBe('false');
    expect(at(first, 'variant_default')).toBe('true');
    expect(at(second, 'variant_sku')).toBe('CEL-65-YG');
    expect(at(second, 'option.size')).toBe('6.5');
    expect(at(second, 'variant_price')).toBe('8100.00');
    expect(at(second, 'variant_stock')).toBe('');
    expect(at(second, 'variant_made_to_order')).toBe('true');
    expect(at(second, 'variant_lead_time_days')).toBe('15');
    expect(at(studs, 'name')).toBe('Pearl Studs');
    expect(at(studs, 'variant_sku')).toBe('');
    expect(at(studs, 'option.size')).toBe('');
  });

  it('should defuse option names and values, SKUs and product text a spreadsheet would run', async () => {
    const hostile = product('p3', {
      name: '=HYPERLINK("http://evil")',
      variants: [variant('=1+1', { '=cmd': '@SUM(A1)', size: '-2+3' })],
    });
    const rows = parseCsv(await productsCsv([product('p3')], async () => hostile));
    const [header, row] = rows;
    const at = (column: string) => row[header.indexOf(column)];
    expect(header).toContain('option.=cmd'); // named after the option, prefixed: not a formula
    expect(at('name')).toBe(`'=HYPERLINK("http://evil")`);
    expect(at('variant_sku')).toBe(`'=1+1`);
    expect(at('option.=cmd')).toBe(`'@SUM(A1)`);
    expect(at('option.size')).toBe(`'-2+3`);
    expect(at('variant')).toBe(`'=cmd @SUM(A1) · Size -2+3`);
  });

  it('should survive odd details: variants not a list, null entries, options not an object, a prototype key', () => {
    expect(productVariantRows(product('p4', { variants: 'nope' }))).toHaveLength(1);
    const rows = productVariantRows(
      product('p5', {
        variants: [null, { sku: 'X', options: 'size 6', price: 'free', available: -1 }, variant('Y', JSON.parse('{"__proto__": "x"}'))],
      }),
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ variant_sku: 'X', variant: null, variant_price: null, variant_stock: -1 });
    expect(Object.getPrototypeOf(rows[1])).toBe(Object.prototype);
  });

  it('should fail the export when a product cannot be read, rather than write it without its variants', async () => {
    await expect(
      productsCsv([product('p1'), product('p2')], async (id) => {
        if (id === 'p2') throw new Error('HTTP 500');
        return ring;
      }),
    ).rejects.toThrow('HTTP 500');
  });

  it('should read many products a few at a time', async () => {
    let inFlight = 0;
    let most = 0;
    const records = Array.from({ length: 40 }, (_, n) => product(`p${n}`));
    const csv = await productsCsv(records, async (id) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 1));
      inFlight--;
      return product(id, { variants: [variant(`S-${id}`, { size: '7' })] });
    });
    expect(most).toBeLessThanOrEqual(6);
    const rows = parseCsv(csv);
    expect(rows).toHaveLength(41);
    expect(rows.slice(1).map((r) => r[0])).toEqual(records.map((r) => r.id)); // the list's order kept
  });
});
