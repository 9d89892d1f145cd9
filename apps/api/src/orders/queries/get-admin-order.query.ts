import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DatabaseService } from '../../platform/database/database.service';
import { NotFoundError } from '../../platform/domain/errors';
import { AdminOrderDetail, OrderRow, toAdminOrderView } from './order-views';

/** One order for the console, with its event timeline. */
export class GetAdminOrderQuery extends Query<AdminOrderDetail> {
  constructor(readonly id: string) {
    super();
  }
}

interface TimelineRow {
  type: string;
  occurred_at: Date;
  actor: unknown;
  summary: Record<string, unknown>;
}

@QueryHandler(GetAdminOrderQuery)
export class GetAdminOrderHandler implements IQueryHandler<GetAdminOrderQuery, AdminOrderDetail> {
  constructor(private readonly db: DatabaseService) {}

  async execute({ id }: GetAdminOrderQuery): Promise<AdminOrderDetail> {
    const row = await this.db.one<OrderRow>('SELECT * FROM orders WHERE id = $1', [id]);
    if (!row) throw new NotFoundError();
    const timeline = await this.db.query<TimelineRow>(
      'SELECT type, occurred_at, actor, summary FROM order_timeline WHERE order_id = $1 ORDER BY occurred_at, type',
      [id],
    );
    return {
      ...toAdminOrderView(row),
      timeline: timeline.map((t) => ({ type: t.type, occurred_at: new Date(t.occurred_at).toISOString(), actor: t.actor, data: t.summary })),
    };
  }
}
