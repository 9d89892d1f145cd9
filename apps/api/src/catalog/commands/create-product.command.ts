import { ProductFields } from '../domain/product';

export class CreateProductCommand {
  constructor(readonly fields: ProductFields) {}
}
