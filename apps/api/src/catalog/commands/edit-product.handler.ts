import { Product } from '@facet/contracts';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { product, ProductCommand, ProductFields, ProductState, productStream, withInventoryClears } from '../domain/product';
import { GetProductQuery } from '../queries/product-queries';
import { inventoryClears } from './load-product';

export class EditProductCommand {
  constructor(
    readonly productId: string,
    readonly changes: Partial<ProductFields>,
    /** The version the editor saw; a newer one means someone else saved first (409). */
    readonly expectedVersion?: number,
  ) {}
}

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
    await this.es.decide(productStream(productId), decider, { type: 'EditProduct', productId, changes }, { expectedRevision: expectedVersion });
    return this.queries.execute(new GetProductQuery(productId));
  }
}
