import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CatalogueRow, RecordHistory } from '../history/record-history.service';
import { CatalogueAsOfQuery } from './catalogue-as-of.query';

@QueryHandler(CatalogueAsOfQuery)
export class CatalogueAsOfHandler implements IQueryHandler<CatalogueAsOfQuery, CatalogueRow[]> {
  constructor(private readonly history: RecordHistory) {}

  execute({ asOf }: CatalogueAsOfQuery): Promise<CatalogueRow[]> {
    return this.history.catalogueAsOf(asOf);
  }
}
