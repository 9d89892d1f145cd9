import { Query } from '@nestjs/cqrs';
import { CatalogueRow } from '../history/record-history.service';

/** The catalogue (names, prices, stock) as it was at a moment, replayed from the product streams. */
export class CatalogueAsOfQuery extends Query<CatalogueRow[]> {
  constructor(readonly asOf: Date) {
    super();
  }
}
