import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DatabaseService } from '../../platform/database/database.service';

/** The ids of an order's sessions still open in rm.payment_sessions (orders from before OrderCheckoutOpened have only these). */
export class OpenSessionsOfOrderQuery extends Query<string[]> {
  constructor(readonly orderId: string) {
    super();
  }
}

@QueryHandler(OpenSessionsOfOrderQuery)
export class OpenSessionsOfOrderHandler implements IQueryHandler<OpenSessionsOfOrderQuery, string[]> {
  constructor(private readonly db: DatabaseService) {}

  async execute({ orderId }: OpenSessionsOfOrderQuery): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(`SELECT id FROM payment_sessions WHERE order_id = $1 AND status = 'open'`, [orderId]);
    return rows.map((r) => r.id);
  }
}
