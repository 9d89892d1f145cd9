// The face of this part (issue 42): what other parts may import. Anything else in this folder is its own;
// the lint rule in eslint.config.mjs refuses a deep import from another part. The module comes last, so a
// part that reaches this file through a cycle of parts finds the plain exports above it already loaded.
export type { ProductEvent, ProductCreated, ProductEdited, ProductDeleted, InventoryCleared, ProductState } from './domain/product';
export { PRODUCT_EVENT_TYPES, CATALOGUE_STREAM, product, productStream, withInventoryClears } from './domain/product';
// The port inventory answers for catalog (catalog imports nothing of inventory).
export { INVENTORY_READ_MODEL, SetInitialStockCommand, VariantAvailabilityQuery } from './inventory.port';
export type { VariantAvailability } from './inventory.port';
export { ProductsByIdsQuery } from './queries/products-by-ids.query';
export type { ProductForSale, VariantForSale } from './queries/products-by-ids.query';
export { GetProductQuery, ListProductsQuery, RandomProductsQuery } from './queries/product-queries';
export { CatalogCache } from './queries/catalog-cache';
export { catalogueHttpCache } from './http/catalog-http-cache';
export { CatalogSeeder } from './seed/catalog-seeder';
export { SEED_PRODUCTS } from './seed/seed-catalogue';
export type { SeedProduct, SeedOffer } from './seed/seed-catalogue';
export { CatalogModule } from './catalog.module';
