import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { CATALOGUE_STREAM, InventoryCleared } from '../domain/product';

/** Products cleared with the inventory, which their own streams do not record. */
export async function inventoryClears(es: EventSourcing): Promise<InventoryCleared[]> {
  return (await es.load<InventoryCleared>(CATALOGUE_STREAM)).filter((e) => e.type === 'InventoryCleared');
}
