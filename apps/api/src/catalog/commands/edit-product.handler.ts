import { ProductDetail } from '@facet/contracts';
import { CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { product, ProductCommand, ProductEdited, ProductState, productStream, VariantSpec, withInventoryClears } from '../domain/product';
import { GetProductQuery } from '../queries/product-queries';
import { inventoryClears } from './load-product';
import { EditProductCommand } from './edit-product.command';
import { initialStockOf, recordInitialStock } from './initial-stock';

@CommandHandler(EditProductCommand)
export class EditProductHandler implements ICommandHandler<EditProductCommand, ProductDetail> {
  constructor(
    private readonly es: EventSourcing,
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  async execute({ productId, changes, expectedVersion, stock }: EditProductCommand): Promise<ProductDetail> {
    const clears = await inventoryClears(this.es);
    let variantsBefore: VariantSpec[] = [];
    const decider = {
      ...product,
      decide: (command: ProductCommand, state: ProductState) => {
        if (state.fields) variantsBefore = state.fields.variants;
        return product.decide(command, withInventoryClears(state, productId, clears));
      },
    };
    const { events } = await this.es.decide(
      productStream(productId),
      decider,
      { type: 'EditProduct', productId, changes },
      { expectedRevision: expectedVersion },
    );
    const variantsAfter = (events[0] as ProductEdited | undefined)?.data.changes.variants;
    if (variantsAfter) await recordInitialStock(this.commands, initialStockOf(productId, variantsBefore, variantsAfter, stock));
    return this.queries.execute(new GetProductQuery(productId));
  }
}
