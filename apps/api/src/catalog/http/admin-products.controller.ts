import { findCategory, hasVisibleText, Product, ProductList, toCents } from '@facet/contracts';
import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RequireStaff } from '../../platform/auth/auth.decorators';
import { BadInputError } from '../../platform/domain/errors';
import { UuidOr404Pipe } from '../../platform/http/uuid-or-404.pipe';
import { ClearInventoryCommand } from '../commands/clear-inventory.command';
import { CreateProductCommand } from '../commands/create-product.command';
import { DeleteProductCommand } from '../commands/delete-product.command';
import { EditProductCommand } from '../commands/edit-product.command';
import { ProductFields } from '../domain/product';
import { ListProductsQuery } from '../queries/product-queries';
import { CreateProductDto, EditProductDto, ListProductsQueryDto, ProductDto, ProductListDto } from './dto/product.dto';

function toFields(dto: Partial<CreateProductDto>): Partial<ProductFields> {
  const fields: Partial<ProductFields> = {};
  if (dto.name !== undefined) fields.name = dto.name.trim();
  if (dto.description !== undefined) fields.description = dto.description;
  if (dto.price !== undefined) fields.price_cents = toCents(dto.price);
  if (dto.original_price !== undefined) fields.original_price_cents = dto.original_price === null ? null : toCents(dto.original_price);
  if (dto.category !== undefined) fields.category = dto.category;
  if (dto.image !== undefined) fields.image = dto.image;
  if (dto.images !== undefined) fields.images = dto.images;
  if (dto.features !== undefined) fields.features = dto.features.map((f) => f.trim()).filter(hasVisibleText);
  if (dto.rating !== undefined) fields.rating = dto.rating;
  if (dto.reviews_count !== undefined) fields.reviews_count = dto.reviews_count;
  if (dto.in_stock !== undefined) fields.in_stock = dto.in_stock;
  return fields;
}

function parseIfMatch(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const m = /^(?:W\/)?"?(\d{1,10})"?$/.exec(header.trim());
  // Within the range of the body's version (an int column): longer digits read as 1e+23 and ended in a 409.
  if (!m || Number(m[1]) > 2_147_483_647) throw new BadInputError('If-Match must be the product version, like "3".', 'If-Match');
  return Number(m[1]);
}

@ApiTags('admin: catalogue')
@RequireStaff('staff')
@Controller('admin')
export class AdminProductsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('products')
  @ApiOkResponse({ type: ProductListDto })
  @ApiOperation({ summary: 'Products for the console, filtered, sorted and paged' })
  async list(@Query() q: ListProductsQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<ProductList> {
    const result: ProductList = await this.queries.execute(
      new ListProductsQuery({
        category: q.category,
        search: q.search,
        sortBy: q.sort_by ?? 'featured',
        priceRange: q.price_range ?? 'all',
        minPrice: q.min_price,
        maxPrice: q.max_price,
        page: q.page ?? 1,
        limit: q.limit ?? 20,
      }),
    );
    reply.header('x-total-count', String(result.total));
    return result;
  }

  @Post('products')
  @ApiCreatedResponse({ type: ProductDto })
  @ApiOperation({ summary: 'Add a product to the catalogue' })
  create(@Body() dto: CreateProductDto): Promise<Product> {
    const category = findCategory(dto.category)!;
    const fields: ProductFields = {
      name: dto.name.trim(),
      description: dto.description ?? '',
      price_cents: toCents(dto.price),
      original_price_cents: dto.original_price == null ? null : toCents(dto.original_price),
      category: dto.category,
      image: dto.image ?? dto.images?.[0] ?? category.image,
      images: dto.images ?? [dto.image ?? category.image],
      features: (dto.features ?? []).map((f) => f.trim()).filter(hasVisibleText),
      rating: dto.rating ?? 4.5,
      reviews_count: dto.reviews_count ?? 0,
      in_stock: dto.in_stock ?? true,
    };
    return this.commands.execute(new CreateProductCommand(fields));
  }

  @Put('products/:id')
  @ApiHeader({ name: 'If-Match', required: false, description: 'The version you edited' })
  @ApiOkResponse({ type: ProductDto })
  @ApiConflictResponse({ description: 'Someone else saved this product first' })
  @ApiOperation({ summary: 'Edit a product (If-Match guards against overwriting another edit)' })
  edit(@Param('id', UuidOr404Pipe) id: string, @Body() dto: EditProductDto, @Headers('if-match') ifMatch?: string): Promise<Product> {
    const { version, ...rest } = dto;
    return this.commands.execute(new EditProductCommand(id, toFields(rest), version ?? parseIfMatch(ifMatch)));
  }

  @Delete('products/:id')
  @HttpCode(200)
  @ApiOkResponse({
    description: 'Deleted',
    schema: {
      type: 'object',
      required: ['success', 'message'],
      properties: { success: { type: 'boolean', enum: [true] }, message: { type: 'string' } },
    },
  })
  @ApiOperation({ summary: 'Remove a product from the catalogue' })
  async remove(@Param('id', UuidOr404Pipe) id: string): Promise<{ success: true; message: string }> {
    await this.commands.execute(new DeleteProductCommand(id));
    return { success: true, message: 'Product deleted' };
  }

  @Delete('clear-inventory')
  @RequireStaff('admin')
  @HttpCode(200)
  @ApiOkResponse({
    description: 'Every product removed; answers how many',
    schema: {
      type: 'object',
      required: ['success', 'deleted', 'message'],
      properties: { success: { type: 'boolean', enum: [true] }, deleted: { type: 'integer' }, message: { type: 'string' } },
    },
  })
  @ApiOperation({ summary: 'Remove every product from the catalogue' })
  async clear(): Promise<{ success: true; deleted: number; message: string }> {
    const { deleted } = await this.commands.execute(new ClearInventoryCommand());
    return { success: true, deleted, message: `Inventory cleared: ${deleted} products removed` };
  }
}
