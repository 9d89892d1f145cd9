import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DatabaseService } from '../../platform/database/database.service';
import { ConcurrencyError } from '../../platform/event-store/event-store';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { CATALOGUE_STREAM, InventoryCleared } from '../domain/product';
import { ClearInventoryCommand } from './clear-inventory.command';

/**
 * Removes every listed product at once; the event names them, so each product's history stays whole.
 * Appended at the catalogue stream's revision read: of clears sent at once one records the event, the
 * others find it there (with the products it named, even before the read model drops them) and clear nothing.
 */
@CommandHandler(ClearInventoryCommand)
export class ClearInventoryHandler implements ICommandHandler<ClearInventoryCommand, { deleted: number }> {
  constructor(
    private readonly es: EventSourcing,
    private readonly db: DatabaseService,
  ) {}

  async execute(): Promise<{ deleted: number }> {
    for (let attempt = 1; ; attempt++) {
      // Checked as every event handed to the write side is (an unknown type or version fails loudly).
      const catalogue = await this.es.load<InventoryCleared>(CATALOGUE_STREAM);
      const cleared = new Set(catalogue.flatMap((e) => (e.type === 'InventoryCleared' ? e.data.product_ids : [])));
      const ids = (await this.db.query<{ id: string }>('SELECT id FROM products ORDER BY featured_rank'))
        .map((r) => r.id)
        .filter((id) => !cleared.has(id));
      if (ids.length === 0) return { deleted: 0 };
      const event: InventoryCleared = { type: 'InventoryCleared', data: { product_ids: ids } };
      try {
        await this.es.append(CATALOGUE_STREAM, [event], catalogue.length === 0 ? 'no_stream' : catalogue[catalogue.length - 1].revision);
        return { deleted: ids.length };
      } catch (err) {
        if (!(err instanceof ConcurrencyError) || attempt >= 5) throw err;
      }
    }
  }
}
