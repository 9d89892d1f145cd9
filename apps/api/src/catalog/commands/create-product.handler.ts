import { Product } from '@facet/contracts';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { randomUUID } from 'crypto';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { product, productStream } from '../domain/product';
import { GetProductQuery } from '../queries/product-queries';
import { CreateProductCommand } from './create-product.command';

@CommandHandler(CreateProductCommand)
export class CreateProductHandler implements ICommandHandler<CreateProductCommand, Product> {
  constructor(
    private readonly es: EventSourcing,
    private readonly queries: QueryBus,
  ) {}

  async execute({ fields }: CreateProductCommand): Promise<Product> {
    const productId = randomUUID();
    await this.es.decide(productStream(productId), product, { type: 'CreateProduct', productId, fields });
    return this.queries.execute(new GetProductQuery(productId));
  }
}
