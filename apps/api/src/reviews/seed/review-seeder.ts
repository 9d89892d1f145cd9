import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { SEED_PRODUCTS } from '../../catalog';
import { runWithContext } from '../../platform/context/request-context';
import { DatabaseService } from '../../platform/database/database.service';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { isConflict } from '../../platform/domain/errors';
import { review, reviewStream } from '../domain/review';

const SEED_MARKER_STREAM = 'reviews-seed';
const MOST_REVIEWS = 10;

/**
 * The fewest whole-star reviews whose average, to one decimal, is the seeded rating (4.9: six 5s and a 4),
 * highest first. The seed's ratings were typed in; these reviews are what the rating is now derived from.
 */
export function starsFor(rating: number): number[] {
  const target = Math.round(rating * 10);
  for (let n = 1; n <= MOST_REVIEWS; n++) {
    for (let sum = 5 * n; sum >= n; sum--) {
      if (Math.round((sum / n) * 10 + 1e-9) !== target) continue;
      const stars = Array.from({ length: n }, () => 5);
      for (let short = 5 * n - sum, i = n - 1; short > 0; short--, i = i === 0 ? n - 1 : i - 1) stars[i]--;
      return stars.sort((a, b) => b - a);
    }
  }
  return [Math.max(1, Math.min(5, Math.round(rating)))];
}

const AUTHORS = ['Eleanor W.', 'James R.', 'Sofia M.', 'Priya K.', 'Henry T.', 'Amelia C.', 'Lucas B.', 'Grace H.', 'Oliver S.', 'Mei L.'];

const PRAISE: Record<number, { title: string; text: string }[]> = {
  5: [
    {
      title: 'Even lovelier in person',
      text: 'The photographs do not do it justice. It catches the light beautifully and the finish is flawless.',
    },
    { title: 'Worth every penny', text: 'Beautifully made and it arrived in an elegant box. I have worn it every day since.' },
    { title: 'A gift she adores', text: 'Bought this as an anniversary gift. The craftsmanship is exquisite and it feels substantial.' },
    { title: 'Exceptional quality', text: 'The setting is secure, the polish is perfect, and the stones are bright and clean.' },
  ],
  4: [
    {
      title: 'Beautiful, slightly smaller than expected',
      text: 'Lovely piece with a fine finish. A touch more delicate than I pictured, but I am very happy.',
    },
    { title: 'Very pleased', text: 'Elegant and well made. Delivery took a day longer than promised, otherwise perfect.' },
  ],
  3: [{ title: 'Pretty, but not for me', text: 'Well made, though the style is quieter than I hoped for. The service was excellent.' }],
};

/**
 * Lists the demo catalogue's ratings as imported reviews, once per store (a marker stream): each seeded
 * piece gets the fewest reviews that make its seeded rating. Pieces are found by name in the catalogue.
 */
@Injectable()
export class ReviewSeeder {
  private readonly logger = new Logger('Seed');

  constructor(
    private readonly es: EventSourcing,
    private readonly db: DatabaseService,
  ) {}

  async seedIfMissing(): Promise<number> {
    if ((await this.es.store.readStream(SEED_MARKER_STREAM)).length > 0) return 0;
    // The catalogue seeder waits for the products read model a bounded time: give it a few seconds more.
    let rows: { id: string; name: string }[] = [];
    for (let tries = 0; tries < 20; tries++) {
      rows = await this.db.query<{ id: string; name: string }>('SELECT id, name FROM products WHERE name = ANY($1)', [
        SEED_PRODUCTS.map((p) => p.name),
      ]);
      if (rows.length >= SEED_PRODUCTS.length) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    if (rows.length === 0) return 0;
    const ids = new Map(rows.map((r) => [r.name, r.id]));
    return runWithContext({ actor: { type: 'system', id: 'seed' }, correlationId: randomUUID(), causationId: null }, async () => {
      try {
        await this.es.append(SEED_MARKER_STREAM, [{ type: 'ReviewsSeeded', data: { products: ids.size } }], 'no_stream', {
          waitForProjections: false,
        });
      } catch (err) {
        if (isConflict(err)) return 0; // another process seeds
        throw err;
      }
      const imports = SEED_PRODUCTS.flatMap((p, i) => {
        const productId = ids.get(p.name);
        if (!productId) return [];
        return starsFor(p.rating).map((stars, j) => {
          const said = PRAISE[Math.max(3, stars)] ?? PRAISE[3];
          const { title, text } = said[(i + j) % said.length];
          return { productId, stars, title, text, author: AUTHORS[(i * 3 + j) % AUTHORS.length] };
        });
      });
      // A few at a time; only the last waits (bounded) for the read models.
      for (let i = 0; i < imports.length; i += 16) {
        const batch = imports.slice(i, i + 16);
        await Promise.all(
          batch.map((r, j) => {
            const reviewId = randomUUID();
            return this.es.decide(
              reviewStream(reviewId),
              review,
              {
                type: 'ImportReview',
                reviewId,
                productId: r.productId,
                authorName: r.author,
                content: { stars: r.stars, title: r.title, text: r.text },
              },
              { newStream: true, waitForProjections: i + j === imports.length - 1 },
            );
          }),
        );
      }
      this.logger.log(`listed ${imports.length} reviews of ${ids.size} seeded pieces`);
      return imports.length;
    });
  }
}
