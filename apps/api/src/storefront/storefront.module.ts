import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CatalogModule } from '../catalog';
import { SeoController } from './seo.controller';
import { StorefrontRenderer } from './storefront-renderer';

/** The storefront as search engines and first visits see it: server-rendered pages, robots.txt, sitemap. */
@Module({
  imports: [CqrsModule, CatalogModule],
  controllers: [SeoController],
  providers: [StorefrontRenderer],
  exports: [StorefrontRenderer],
})
export class StorefrontModule {}
