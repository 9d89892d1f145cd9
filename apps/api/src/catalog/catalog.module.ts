import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { COMMAND_HANDLERS } from './commands';
import { AdminProductsController } from './http/admin-products.controller';
import { MediaController } from './http/media.controller';
import { ProductsController } from './http/products.controller';
import { ProductsProjection } from './projections/products.projection';
import { QUERY_HANDLERS } from './queries';
import { CatalogCache } from './queries/catalog-cache';
import { CatalogSeeder } from './seed/catalog-seeder';

@Module({
  imports: [CqrsModule],
  controllers: [ProductsController, AdminProductsController, MediaController],
  providers: [CatalogCache, ProductsProjection, CatalogSeeder, ...COMMAND_HANDLERS, ...QUERY_HANDLERS],
  exports: [CatalogCache, CatalogSeeder],
})
export class CatalogModule {}
