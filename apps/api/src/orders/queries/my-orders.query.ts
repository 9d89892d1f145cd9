import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DatabaseService } from '../../platform/database/database.service';
import { MyOrderView, OrderRow, toMyOrderView } from './order-views';

/** A signed-in customer's orders, newest first (the latest 200). */
export class MyOrdersQuery extends Query<MyOrderView[]> {
  constructor(readonly customerId: string) {
    super();
  }
}

@QueryHandler(MyOrdersQuery)
export class MyOrdersHandler implements IQueryHandler<MyOrdersQuery, MyOrderView[]> {
  constructor(private readonly db: DatabaseService) {}

  async execute({ customerId }: MyOrdersQuery): Promise<MyOrderView[]> {
    const rows = await this.db.query<OrderRow>('SELECT * FROM orders WHERE customer_id = $1 ORDER BY created_at DESC LIMIT 200', [
      customerId,
    ]);
    return rows.map(toMyOrderView);
  }
}
