import { CATEGORIES, findCategory, Product, ProductDetail, ProductList } from '@facet/contracts';
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiProperty, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../platform/auth/auth.decorators';
import { NotFoundError } from '../../platform/domain/errors';
import { UuidOr404Pipe } from '../../platform/http/uuid-or-404.pipe';
import { paging } from '../../platform/http/list-endpoint';
import { GetProductQuery, ListProductsQuery, RandomProductsQuery } from '../queries/product-queries';
import { productListQuery } from './product-list-query';
import {
  CategoryProductsQueryDto,
  ListProductsQueryDto,
  ProductDetailDto,
  ProductDto,
  ProductListDto,
  RandomProductsQueryDto,
} from './dto/product.dto';

class CategoryDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty() image: string;
  @ApiProperty() href: string;
  @ApiProperty({ enum: ['women', 'men'] }) department: string;
  @ApiProperty({ enum: ['rings', 'necklaces', 'earrings', 'bracelets'] }) kind: string;
}

@ApiTags('catalogue')
@Public()
@Controller()
export class ProductsController {
  constructor(private readonly queries: QueryBus) {}

  @Get('products')
  @ApiOkResponse({ type: ProductListDto })
  @ApiOperation({ summary: 'Products for the storefront, filtered, sorted and paged' })
  list(@Query() q: ListProductsQueryDto): Promise<ProductList> {
    return this.queries.execute(productListQuery(q));
  }

  @Get('products/random')
  @ApiOkResponse({ type: [ProductDto], description: 'N random products (default 3)' })
  @ApiOperation({ summary: 'A few random products (for the home page)' })
  random(@Query() q: RandomProductsQueryDto): Promise<Product[]> {
    return this.queries.execute(new RandomProductsQuery(q.limit ?? 3));
  }

  @Get('products/category/:category')
  @ApiOkResponse({ type: ProductListDto })
  @ApiNotFoundResponse({ description: 'Not found' })
  @ApiOperation({ summary: 'Products of one category, sorted and paged' })
  byCategory(@Param('category') category: string, @Query() q: CategoryProductsQueryDto): Promise<ProductList> {
    const found = findCategory(category);
    if (!found) throw new NotFoundError();
    return this.queries.execute(
      new ListProductsQuery({
        category: found.id,
        sortBy: q.sort_by ?? 'featured',
        priceRange: q.price_range ?? 'all',
        ...paging(q, 50),
      }),
    );
  }

  @Get('products/:id')
  @ApiOkResponse({ type: ProductDetailDto })
  @ApiNotFoundResponse({ description: 'Not found' })
  @ApiOperation({ summary: 'One product, with its options, variants (what is available of each), engraving and gallery' })
  async get(
    @Param('id', UuidOr404Pipe) id: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ProductDetail> {
    const product: ProductDetail = await this.queries.execute(new GetProductQuery(id));
    if (product.variants.some((v) => v.available !== null)) {
      // Stock moves without the catalogue moving: an answer with counts is neither tagged with the
      // catalogue's version nor kept by the catalogue's HTTP cache (catalog-http-cache.ts), and browsers ask again.
      request.catalogueEtag = undefined;
      request.catalogueVersion = undefined;
      reply.header('cache-control', 'no-cache');
    }
    return product;
  }

  @Get('categories')
  @ApiOkResponse({ type: [CategoryDto] })
  @ApiOperation({ summary: 'The categories with their product counts' })
  categories() {
    return CATEGORIES;
  }

  @Get('categories/:id')
  @ApiOkResponse({ type: CategoryDto })
  @ApiNotFoundResponse({ description: 'Not found' })
  @ApiOperation({ summary: 'One category' })
  category(@Param('id') id: string) {
    const found = findCategory(id);
    if (!found) throw new NotFoundError();
    return found;
  }
}
