import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Principal } from '../../platform/auth/principal';
import { DatabaseService } from '../../platform/database/database.service';
import { NotFoundError } from '../../platform/domain/errors';
import { OrderRow, OrderView, toOrderView } from './order-views';

/** One order; personal data is masked unless the caller is its owner or staff. */
export class GetOrderQuery extends Query<OrderView> {
  constructor(
    readonly id: string,
    readonly principal: Principal | null,
  ) {
    super();
  }
}

@QueryHandler(GetOrderQuery)
export class GetOrderHandler implements IQueryHandler<GetOrderQuery, OrderView> {
  constructor(private readonly db: DatabaseService) {}

  async execute({ id, principal }: GetOrderQuery): Promise<OrderView> {
    const row = await this.db.one<OrderRow>('SELECT * FROM orders WHERE id = $1', [id]);
    if (!row) throw new NotFoundError();
    const owner = principal?.kind === 'customer' && row.customer_id === principal.id;
    return toOrderView(row, owner || principal?.kind === 'staff');
  }
}
