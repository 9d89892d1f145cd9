import { flattenRecord, orderRow, productRow, recordsCsv, safeCell, toCsv } from './csv';
import type { OrderRecord } from '../resources/orders/orderRecord';
import { parseCsv } from '../test/parseCsv';

const order = (over: Record<string, unknown> = {}) => ({
  id: '0b7e9c1e-1111-4222-8333-444455556666',
  reference: '0B7E9C1E',
  created_at: '2026-11-20T10:00:00.000Z',
  kind: 'card',
  status: 'pending',
  payment_status: 'unpaid',
  shipping: {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    phone: '+1 555 0100',
    address: '12 Way',
    city: 'New York',
    country: 'US',
  },
  items: [
    { product_id: 'p1', name: 'Halo Ring', price: 1200, quantity: 2 },
    { product_id: 'p2', name: 'Pearl, "Baroque" Studs', price: 350.5, quantity: 1 },
  ],
  subtotal: 2750.5,
  shipping_cost: 0,
  tax: 220.04,
  total: 2970.54,
  refunded: 0,
  ...over,
});

describe('CSV export', () => {
  describe('When exporting orders', () => {
    it('should write one row per order with its own columns, the items summarised in one cell', async () => {
      const csv = await toCsv(
        [order(), order({ id: 'second', reference: 'SECOND', items: [{ name: 'Chain', price: 99, quantity: 3 }], shipping: null })].map(
          orderRow,
        ),
      );
      const [header, first, second, ...rest] = parseCsv(csv);
      expect(rest).toEqual([]);
      const at = (row: string[], column: string) => row[header.indexOf(column)];
      expect(at(first, 'reference')).toBe('0B7E9C1E');
      expect(at(first, 'client')).toBe('Ada Lovelace');
      expect(at(first, 'items')).toBe('2 × Halo Ring @ 1200.00; 1 × Pearl, "Baroque" Studs @ 350.50');
      expect(at(first, 'item_count')).toBe('3');
      expect(at(first, 'total')).toBe('2970.54');
      expect(at(first, 'address')).toBe('12 Way, New York, US');
      expect(at(second, 'reference')).toBe('SECOND');
      expect(at(second, 'items')).toBe('3 × Chain @ 99.00');
      expect(at(second, 'client')).toBe('');
      expect(header).not.toContain('items.0.name');
    });

    it('should survive an order with no items, odd items and missing money', () => {
      // Not orders as typed: what a broken answer could hold.
      const odd = (record: object) => record as Partial<OrderRecord>;
      expect(orderRow(odd({ id: 'x', items: 'nope', total: Number.NaN }))).toMatchObject({
        id: 'x',
        items: '',
        item_count: 0,
        total: null,
      });
      expect(orderRow(odd({ id: 'y', items: [null, { quantity: '2', price: 'free' }] })).items).toBe('0 × ? @ ?; 2 × ? @ ?');
    });

    it("should name each line's size and engraving, what the atelier makes", () => {
      const row = orderRow({
        id: 'z',
        items: [
          { quantity: 1, name: 'Halo Ring', price: 1200, variant_options: { size: '6.5' }, engraving: 'A & B' },
          { quantity: 1, name: 'Studs', price: 350, variant_options: {}, engraving: '' },
        ],
      });
      expect(row.items).toBe('1 × Halo Ring (Size 6.5 · Engraving "A & B") @ 1200.00; 1 × Studs @ 350.00');
    });
  });

  describe('When exporting products', () => {
    const product = (n: number, over: Record<string, unknown> = {}) => ({
      id: `p${n}`,
      name: `Celeste Ring ${n}`,
      description: 'A 1.50 ct oval diamond, hand-finished in our atelier.',
      price: 7850,
      original_price: n === 2 ? 9000 : null,
      image: `/images/products/p${n}-1.svg`,
      images: [`/images/products/p${n}-1.svg`, `/images/products/p${n}-2.svg`],
      category: 'women-rings',
      features: ['Platinum 950', 'GIA certified'],
      rating: 4.5,
      reviews_count: 12,
      in_stock: true,
      version: 3,
      created_at: '2026-11-27T03:11:57.319Z',
      updated_at: '2026-11-27T03:11:57.319Z',
      ...over,
    });
    const COLUMNS = [
      'id',
      'name',
      'category',
      'price',
      'original_price',
      'on_sale',
      'in_stock',
      'rating',
      'reviews_count',
      'features',
      'image',
      'image_count',
      'description',
      'version',
      'created_at',
      'updated_at',
    ];

    it('should write one row per product with the same named columns, the lists in one cell', async () => {
      const products = Array.from({ length: 64 }, (_, n) => product(n));
      const rows = parseCsv(await recordsCsv(products, productRow));
      expect(rows).toHaveLength(65);
      expect(rows[0]).toEqual(COLUMNS);
      for (const row of rows) expect(row).toHaveLength(COLUMNS.length);
      const at = (row: string[], column: string) => row[COLUMNS.indexOf(column)];
      expect(at(rows[3], 'name')).toBe('Celeste Ring 2');
      expect(at(rows[3], 'category')).toBe("Women's Rings");
      expect(at(rows[3], 'price')).toBe('7850.00');
      expect(at(rows[3], 'original_price')).toBe('9000.00');
      expect(at(rows[3], 'on_sale')).toBe('true');
      expect(at(rows[1], 'original_price')).toBe('');
      expect(at(rows[1], 'on_sale')).toBe('false');
      expect(at(rows[1], 'features')).toBe('Platinum 950; GIA certified');
      expect(at(rows[1], 'image_count')).toBe('2');
    });

    it('should defuse a name, feature or description a spreadsheet would run, and survive odd records', async () => {
      const rows = parseCsv(
        await recordsCsv(
          [product(1, { name: '=HYPERLINK("http://evil")', features: ['@SUM(A1)', 7, null], description: '+1+1', images: 'nope' })],
          productRow,
        ),
      );
      const at = (column: string) => rows[1][COLUMNS.indexOf(column)];
      expect(at('name')).toBe(`'=HYPERLINK("http://evil")`);
      expect(at('features')).toBe(`'@SUM(A1)`);
      expect(at('description')).toBe(`'+1+1`);
      expect(at('image_count')).toBe('0');
      expect(productRow({})).toMatchObject({ id: null, price: null, on_sale: false, features: '', image_count: 0 });
    });
  });

  describe('When a list is exported with the default flattening', () => {
    it('should keep each record in its own row with its own columns, however many records there are', async () => {
      // Handed to Array.map directly, flattenRecord took the index as a column prefix and the array as the row:
      // 64 products became a header of 1,039 columns ("0".."63", "1.id", "1.name", ...).
      const records = Array.from({ length: 64 }, (_, n) => ({ id: `r${n}`, name: `Record ${n}`, tags: ['a', 'b'], meta: { x: n } }));
      const rows = parseCsv(await recordsCsv(records, flattenRecord));
      expect(rows[0]).toEqual(['id', 'name', 'tags', 'meta.x']);
      expect(rows).toHaveLength(65);
      for (const row of rows) expect(row).toHaveLength(4);
      expect(rows[64]).toEqual(['r63', 'Record 63', 'a; b', '63']);
    });
  });

  describe('When exporting any other record', () => {
    it('should flatten nested objects to dotted columns and arrays to one cell, keeping one row per record', async () => {
      const product = {
        id: 'p1',
        name: 'Ring',
        features: ['Platinum', 'GIA certified'],
        images: ['/a.png', '/b.png'],
        price: 10,
        meta: { a: { b: 1 } },
        tags: [{ x: 1 }],
      };
      expect(flattenRecord(product)).toEqual({
        id: 'p1',
        name: 'Ring',
        features: 'Platinum; GIA certified',
        images: '/a.png; /b.png',
        price: 10,
        'meta.a.b': 1,
        tags: '[{"x":1}]',
      });
      const rows = parseCsv(await toCsv([flattenRecord(product), flattenRecord({ id: 'p2', extra: true })]));
      expect(rows).toHaveLength(3);
      expect(rows[0]).toEqual(['id', 'name', 'features', 'images', 'price', 'meta.a.b', 'tags', 'extra']);
      expect(rows[2]).toEqual(['p2', '', '', '', '', '', '', 'true']);
    });

    it('should keep a multi-line message in one quoted cell', async () => {
      const rows = parseCsv(await toCsv([flattenRecord({ id: 'm1', message: 'line one\nline two, with "quotes"' })]));
      expect(rows).toEqual([
        ['id', 'message'],
        ['m1', 'line one\nline two, with "quotes"'],
      ]);
    });
  });

  describe('When a cell would run as a spreadsheet formula', () => {
    it('should defuse it with an apostrophe, leaving numbers and plain text alone', async () => {
      for (const attack of ['=HYPERLINK("http://evil")', '+1+1', '-2+3', '@SUM(A1)', ';=1+1', '\tx', '\rx'])
        expect(safeCell(attack)).toBe(`'${attack}`);
      expect(safeCell(-5)).toBe(-5);
      expect(safeCell('Ada')).toBe('Ada');
      const rows = parseCsv(await toCsv([{ name: '=cmd|" /C calc"!A0', total: -1 }]));
      expect(rows[1]).toEqual([`'=cmd|" /C calc"!A0`, '-1']);
      // A column named by a record's own key is defused too.
      expect(parseCsv(await toCsv([{ ';=1+1': 'x', '@a': 'y' }]))[0]).toEqual([`';=1+1`, `'@a`]);
    });
  });
});
