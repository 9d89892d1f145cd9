import { Product } from '@facet/contracts';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { product, ProductCommand, ProductState, productStream, withInventoryClears } from '../domain/product';
import { GetProductQuery } from '../queries/product-queries';
import { inventoryClears } from './load-product';
import { EditProductCommand } from './edit-product.command';

@CommandHandler(EditProductCommand)
export class EditProductHandler implements ICommandHandler<EditProductCommand, Product> {
  constructor(
    private readonly es: EventSourcing,
    private readonly queries: QueryBus,
  ) {}

  async execute({ productId, changes, expectedVersion }: EditProductCommand): Promise<Product> {
    const clears = await inventoryClears(this.es);
    const decider = {
      ...product,
      decide: (command: ProductCommand, state: ProductState) => product.decide(command, withInventoryClears(state, productId, clears)),
    };
    await this.es.decide(
      productStream(productId),
      decider,
      { type: 'EditProduct', productId, changes },
      { expectedRevision: expectedVersion },
    );
    return this.queries.execute(new GetProductQuery(productId));
  }
}
