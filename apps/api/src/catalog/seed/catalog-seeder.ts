import { toCents } from '@facet/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'crypto';
import { runWithContext } from '../../platform/context/request-context';
import { DatabaseService } from '../../platform/database/database.service';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { isConflict } from '../../platform/domain/errors';
import { initialStockOf, recordInitialStock } from '../commands/initial-stock';
import { product, ProductCreated, ProductInput, productStream } from '../domain/product';
import { SetInitialStockCommand } from '../inventory.port';
import { SEED_PRODUCTS, seedVariantsOf } from './seed-catalogue';

const SEED_MARKER_STREAM = 'catalogue-seed';

/** Lists the shop's own catalogue (64 pieces with artwork shipped in the repo) on an empty store. */
@Injectable()
export class CatalogSeeder {
  private readonly logger = new Logger('Seed');

  constructor(
    private readonly es: EventSourcing,
    private readonly db: DatabaseService,
    private readonly commands: CommandBus,
  ) {}

  /** Seeds once per store: a marker stream, created with no_stream, makes concurrent starts seed only once. */
  async seedIfEmpty(): Promise<number> {
    const listed = await this.db.one<{ n: string }>('SELECT count(*) AS n FROM products');
    if (Number(listed?.n) > 0 || (await this.es.store.readStream(SEED_MARKER_STREAM)).length > 0) return 0;
    return this.seed();
  }

  async seed(): Promise<number> {
    return runWithContext({ actor: { type: 'system', id: 'seed' }, correlationId: randomUUID(), causationId: null }, async () => {
      try {
        await this.es.append(SEED_MARKER_STREAM, [{ type: 'CatalogueSeeded', data: { products: SEED_PRODUCTS.length } }], 'no_stream', {
          waitForProjections: false,
        });
      } catch (err) {
        if (isConflict(err)) return 0; // another process seeds
        throw err;
      }
      // Appended through the product decider without reading each product back: a slow projector at
      // start-up must not fail the start. Only the last append waits (bounded) for the read model.
      const stock: SetInitialStockCommand[] = [];
      for (const [i, p] of SEED_PRODUCTS.entries()) {
        const productId = randomUUID();
        const { stock: requests, variantIds, gallery, ...offered } = seedVariantsOf(p, i);
        const fields: ProductInput = {
          name: p.name,
          description: p.description,
          price_cents: toCents(p.price),
          original_price_cents: p.original_price === null ? null : toCents(p.original_price),
          image: p.images[0],
          images: p.images,
          category: p.category,
          features: p.features,
          rating: p.rating,
          reviews_count: p.reviews_count,
          in_stock: p.in_stock,
          ...offered,
          // A piece in several metals shows each metal's pictures with its variants (their ids made here).
          ...(gallery ? { gallery } : {}),
        };
        let next = 0;
        const newVariantId = () => variantIds[next++] ?? randomUUID();
        const { events } = await this.es.decide(
          productStream(productId),
          product,
          { type: 'CreateProduct', productId, fields, newVariantId },
          {
            newStream: true,
            waitForProjections: i === SEED_PRODUCTS.length - 1,
          },
        );
        stock.push(...initialStockOf(productId, [], (events[0] as ProductCreated).data.variants, requests));
      }
      // Through the inventory like staff stock (reason 'initial stock'), once every product is listed.
      await recordInitialStock(this.commands, stock);
      this.logger.log(`listed ${SEED_PRODUCTS.length} products, ${stock.length} variants in stock`);
      return SEED_PRODUCTS.length;
    });
  }
}
