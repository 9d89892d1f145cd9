import { VariantStockLevel } from '@facet/contracts';
import { Injectable } from '@nestjs/common';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { available, variantStock, VariantStockCommand, VariantStockState, variantStream } from '../domain/variant-stock';

/**
 * Every write to a variant's stock goes through here: decided against the stream as read and appended at
 * that revision; another writer first (a ConcurrencyError) means deciding again on the stream as it is
 * now, with jitter, up to `attempts` times. A burst of orders for the last units thus ends in exactly as
 * many reservations as there are units, and a refusal ("Only N left") for the rest.
 */
@Injectable()
export class StockWriter {
  constructor(private readonly es: EventSourcing) {}

  async decide(command: VariantStockCommand, options: { waitForProjections: boolean }): Promise<VariantStockState> {
    const decision = await this.es.decideLatest(variantStream(command.variantId), variantStock, command, options, 16);
    return decision.state;
  }
}

export function stockLevel(variantId: string, s: VariantStockState): VariantStockLevel {
  return { variant_id: variantId, product_id: s.productId ?? undefined, on_hand: s.onHand, reserved: s.reserved, available: available(s) };
}
