import { ProductFields } from '../domain/product';

export class EditProductCommand {
  constructor(
    readonly productId: string,
    readonly changes: Partial<ProductFields>,
    /** The version the editor saw; a newer one means someone else saved first (409). */
    readonly expectedVersion?: number,
  ) {}
}
