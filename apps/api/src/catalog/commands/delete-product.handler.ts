import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { product, ProductCommand, ProductState, productStream, withInventoryClears } from '../domain/product';
import { inventoryClears } from './load-product';
import { DeleteProductCommand } from './delete-product.command';

@CommandHandler(DeleteProductCommand)
export class DeleteProductHandler implements ICommandHandler<DeleteProductCommand, void> {
  constructor(private readonly es: EventSourcing) {}

  async execute({ productId }: DeleteProductCommand): Promise<void> {
    const clears = await inventoryClears(this.es);
    const decider = {
      ...product,
      decide: (command: ProductCommand, state: ProductState) => product.decide(command, withInventoryClears(state, productId, clears)),
    };
    await this.es.decide(productStream(productId), decider, { type: 'DeleteProduct', productId });
  }
}
