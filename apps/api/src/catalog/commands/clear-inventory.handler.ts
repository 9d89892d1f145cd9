import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DatabaseService } from '../../platform/database/database.service';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { CATALOGUE_STREAM, InventoryCleared } from '../domain/product';
import { ClearInventoryCommand } from './clear-inventory.command';

/** Removes every listed product at once; the event names them, so each product's history stays whole. */
@CommandHandler(ClearInventoryCommand)
export class ClearInventoryHandler implements ICommandHandler<ClearInventoryCommand, { deleted: number }> {
  constructor(
    private readonly es: EventSourcing,
    private readonly db: DatabaseService,
  ) {}

  async execute(): Promise<{ deleted: number }> {
    const ids = (await this.db.query<{ id: string }>('SELECT id FROM products ORDER BY featured_rank')).map((r) => r.id);
    if (ids.length === 0) return { deleted: 0 };
    const event: InventoryCleared = { type: 'InventoryCleared', data: { product_ids: ids } };
    await this.es.append(CATALOGUE_STREAM, [event], 'any');
    return { deleted: ids.length };
  }
}
