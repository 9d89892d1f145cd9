import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ClearInventoryHandler } from './commands/clear-inventory.handler';
import { CreateProductHandler } from './commands/create-product.handler';
import { DeleteProductHandler } from './commands/delete-product.handler';
import { EditProductHandler } from './commands/edit-product.handler';
import { AdminProductsController } from './http/admin-products.controller';
import { MediaController } from './http/media.controller';
import { ProductsController } from './http/products.controller';
import { ProductsProjection } from './projections/products.projection';
import { CatalogCache } from './queries/catalog-cache';
import { QUERY_HANDLERS } from './queries/product-queries';
import { CatalogSeeder } from './seed/catalog-seeder';

@Module({
  imports: [CqrsModule],
  controllers: [ProductsController, AdminProductsController, MediaController],
  providers: [
    CatalogCache,
    ProductsProjection,
    CreateProductHandler,
    EditProductHandler,
    DeleteProductHandler,
    ClearInventoryHandler,
    CatalogSeeder,
    ...QUERY_HANDLERS,
  ],
  exports: [CatalogCache, CatalogSeeder],
})
export class CatalogModule {}
