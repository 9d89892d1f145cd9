import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DatabaseService } from '../../platform/database/database.service';
import { NotFoundError } from '../../platform/domain/errors';
import { AdminOrderView, OrderRow, toAdminOrderView } from './order-views';

/** One order for the console (its history is its stream's, from the audit log like every record's). */
export class GetAdminOrderQuery extends Query<AdminOrderView> {
  constructor(readonly id: string) {
    super();
  }
}

@QueryHandler(GetAdminOrderQuery)
export class GetAdminOrderHandler implements IQueryHandler<GetAdminOrderQuery, AdminOrderView> {
  constructor(private readonly db: DatabaseService) {}

  async execute({ id }: GetAdminOrderQuery): Promise<AdminOrderView> {
    const row = await this.db.one<OrderRow>('SELECT * FROM orders WHERE id = $1', [id]);
    if (!row) throw new NotFoundError();
    return toAdminOrderView(row);
  }
}
