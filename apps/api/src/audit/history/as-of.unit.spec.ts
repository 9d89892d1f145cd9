import { product } from '../../catalog/domain/product';
import { diffVersions, eventsAsOf, flatten, foldTo, HistoryEvent } from './as-of';
import { folderOf } from './record-kinds';

const fields = {
  name: 'Halo Ring',
  description: 'Platinum halo',
  price_cents: 120000,
  original_price_cents: null,
  image: '/media/a.jpg',
  images: [],
  category: 'women-rings',
  features: ['Platinum'],
  rating: 4.5,
  reviews_count: 0,
  in_stock: true,
};
const meta = (revision: number, day: number, actor = 'staff-1') => ({
  revision,
  occurredAt: `2026-01-${String(day).padStart(2, '0')}T10:00:00.000Z`,
  actor: { type: 'staff', id: actor },
  correlationId: `corr-${revision}`,
  causationId: null,
  readable: true,
});
const history: HistoryEvent[] = [
  { type: 'ProductCreated', data: { product_id: 'p', ...fields }, ...meta(0, 1) },
  { type: 'ProductEdited', data: { product_id: 'p', changes: { price_cents: 130000 } }, ...meta(1, 5) },
  { type: 'ProductEdited', data: { product_id: 'p', changes: { price_cents: 140000, in_stock: false } }, ...meta(2, 9, 'staff-2') },
  { type: 'ProductEdited', data: { product_id: 'p', changes: { name: 'Halo Ring II' } }, ...meta(3, 12) },
];

describe('Folding a record as of a moment', () => {
  describe('When asked for arbitrary moments', () => {
    it.each([
      ['2025-12-31T23:59:59Z', -1, null, 'none'],
      ['2026-01-01T10:00:00Z', 0, 120000, 'listed'],
      ['2026-01-04T00:00:00Z', 0, 120000, 'listed'],
      ['2026-01-05T10:00:00.000Z', 1, 130000, 'listed'],
      ['2026-01-09T09:59:59.999Z', 1, 130000, 'listed'],
      ['2026-01-10T00:00:00Z', 2, 140000, 'listed'],
      ['2030-01-01T00:00:00Z', 3, 140000, 'listed'],
    ])('at %s should show revision %d with price %p', (at, revision, price, status) => {
      const upTo = eventsAsOf(history, new Date(at));
      const last = upTo.length ? upTo[upTo.length - 1].revision : -1;
      expect(last).toBe(revision);
      const state = foldTo(product, upTo, last) as any;
      expect(state.status).toBe(status);
      expect(state.fields?.price_cents ?? null).toBe(price);
    });

    it('should fold exactly as the write side does (same evolve, same result)', () => {
      const direct = history.reduce((s, e) => product.evolve(s, e as any), product.initialState());
      expect(foldTo(product, history, 3)).toEqual(direct);
    });
  });

  describe('When comparing two versions', () => {
    it('should list each changed field with before, after and the last event that changed it', () => {
      const changes = diffVersions(product, history, 0, 2);
      expect(changes).toEqual([
        {
          field: 'fields.in_stock',
          before: true,
          after: false,
          by: {
            revision: 2,
            type: 'ProductEdited',
            occurred_at: '2026-01-09T10:00:00.000Z',
            actor: { type: 'staff', id: 'staff-2' },
            correlation_id: 'corr-2',
            causation_id: null,
          },
        },
        expect.objectContaining({
          field: 'fields.price_cents',
          before: 120000,
          after: 140000,
          by: expect.objectContaining({ revision: 2 }),
        }),
      ]);
    });

    it('should show creation as every field appearing, and nothing for equal versions', () => {
      const created = diffVersions(product, history, -1, 0);
      expect(created.find((c) => c.field === 'status')).toMatchObject({ before: 'none', after: 'listed' });
      expect(created.find((c) => c.field === 'fields.name')).toMatchObject({ before: null, after: 'Halo Ring' });
      expect(diffVersions(product, history, 2, 2)).toEqual([]);
      expect(diffVersions(product, history, 2, 3).map((c) => c.field)).toEqual(['fields.name']);
    });

    it('should not report a field changed and changed back', () => {
      const back: HistoryEvent[] = [
        ...history,
        { type: 'ProductEdited', data: { product_id: 'p', changes: { name: 'Halo Ring' } }, ...meta(4, 13) },
      ];
      expect(diffVersions(product, back, 2, 4)).toEqual([]);
    });
  });

  describe('When a stream holds events the write side does not fold', () => {
    const kind = folderOf(product, ['ProductCreated', 'ProductEdited', 'ProductDeleted']);

    it('should keep the state through an event this release cannot read (shown, never folded) and not throw', () => {
      const odd: HistoryEvent[] = [
        ...history.slice(0, 2),
        { type: 'ProductRepriced', data: { product_id: 'p', price_cents: 1 }, ...meta(2, 9), readable: false },
        { ...history[3], revision: 3 },
      ];
      expect(() => foldTo(kind, odd, 3)).not.toThrow();
      expect(foldTo(kind, odd, 3)).toEqual(foldTo(kind, [...history.slice(0, 2), { ...history[3], revision: 2 }], 2));
      expect(diffVersions(kind, odd, 1, 2)).toEqual([]);
    });

    it('should leave the state as it was for a readable event of another part in the stream', () => {
      const foreign: HistoryEvent[] = [...history, { type: 'CustomerDeleted', data: { customer_id: 'c' }, ...meta(4, 13) }];
      expect(foldTo(kind, foreign, 4)).toEqual(foldTo(kind, history, 3));
    });
  });

  it('should flatten nested state into field paths, arrays whole', () => {
    expect(flatten({ a: { b: 1, c: [1, 2] }, d: null, e: {} })).toEqual({ 'a.b': 1, 'a.c': [1, 2], d: null, e: {} });
  });
});
