import { ProductDetail } from '@facet/contracts';
import { CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { randomUUID } from 'crypto';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { product, ProductCreated, productStream } from '../domain/product';
import { GetProductQuery } from '../queries/product-queries';
import { CreateProductCommand } from './create-product.command';
import { initialStockOf, recordInitialStock } from './initial-stock';

@CommandHandler(CreateProductCommand)
export class CreateProductHandler implements ICommandHandler<CreateProductCommand, ProductDetail> {
  constructor(
    private readonly es: EventSourcing,
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  async execute({ fields, stock }: CreateProductCommand): Promise<ProductDetail> {
    const productId = randomUUID();
    const { events } = await this.es.decide(productStream(productId), product, { type: 'CreateProduct', productId, fields });
    const created = events[0] as ProductCreated;
    await recordInitialStock(this.commands, initialStockOf(productId, [], created.data.variants, stock));
    return this.queries.execute(new GetProductQuery(productId));
  }
}
