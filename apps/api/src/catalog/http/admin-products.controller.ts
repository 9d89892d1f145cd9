import { findCategory, hasVisibleText, ProductDetail, ProductList, ProductOption, RING_SIZER_VALUE, toCents } from '@facet/contracts';
import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RequireStaff } from '../../platform/auth/auth.decorators';
import { BadInputError } from '../../platform/domain/errors';
import { UuidOr404Pipe } from '../../platform/http/uuid-or-404.pipe';
import { withTotalCount } from '../../platform/http/list-endpoint';
import { ClearInventoryCommand } from '../commands/clear-inventory.command';
import { CreateProductCommand } from '../commands/create-product.command';
import { DeleteProductCommand } from '../commands/delete-product.command';
import { EditProductCommand } from '../commands/edit-product.command';
import { StockRequest } from '../commands/initial-stock';
import { GalleryImage, ProductInput, VariantDraft } from '../domain/product';
import { productListQuery } from './product-list-query';
import {
  CreateProductDto,
  EditProductDto,
  GalleryImageInputDto,
  ListProductsQueryDto,
  ProductDetailDto,
  ProductListDto,
  ProductOptionDto,
  VariantInputDto,
} from './dto/product.dto';

function toFields(dto: Partial<CreateProductDto>): Partial<ProductInput> {
  const fields: Partial<ProductInput> = {};
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
  if (dto.options !== undefined) fields.options = toOptions(dto.options);
  if (dto.variants !== undefined) fields.variants = toDrafts(dto.variants);
  if (dto.engraving !== undefined) fields.engraving = dto.engraving === null ? null : { max_length: dto.engraving.max_length };
  if (dto.gallery !== undefined) fields.gallery = toGallery(dto.gallery);
  return fields;
}

const toOptions = (dtos: ProductOptionDto[]): ProductOption[] => dtos.map((o) => ({ name: o.name, values: o.values }));

/** A variant's choice with names and values trimmed, as the options they must match are. */
const choiceOf = (v: VariantInputDto) => Object.fromEntries(Object.entries(v.options).map(([name, value]) => [name.trim(), value.trim()]));

/** Variants as drafts; with none marked default, the ring-sizer one (else the first) is. */
function toDrafts(dtos: VariantInputDto[]): VariantDraft[] {
  const marked = dtos.some((v) => v.is_default === true);
  const fallback = Math.max(
    0,
    dtos.findIndex((v) => Object.values(v.options).some((value) => value.trim() === RING_SIZER_VALUE)),
  );
  return dtos.map((v, i) => ({
    sku: v.sku ?? null,
    options: choiceOf(v),
    price_cents: v.price == null ? null : toCents(v.price),
    stock_mode: v.stock === null ? 'made_to_order' : 'stocked',
    lead_time_days: v.lead_time_days ?? null,
    is_default: marked ? v.is_default === true : i === fallback,
    image: v.image ?? null,
    // Left out: kept by the decider (a variant of the same options), as a console that does not edit them sends.
    ...(v.description !== undefined ? { description: v.description === null ? null : v.description.trim() } : {}),
    ...(v.features !== undefined ? { features: v.features === null ? null : v.features.map((f) => f.trim()).filter(hasVisibleText) } : {}),
  }));
}

const stockOf = (dtos: VariantInputDto[] | undefined): StockRequest[] =>
  (dtos ?? []).flatMap((v) => (v.stock === null ? [] : [{ options: choiceOf(v), quantity: v.stock }]));

const toGallery = (dtos: GalleryImageInputDto[]): GalleryImage[] =>
  dtos.map((g) => ({ src: g.src, alt: g.alt ?? '', variant_ids: g.variant_ids ?? [] }));

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
    return withTotalCount<ProductList>(reply, this.queries.execute(productListQuery(q)));
  }

  @Post('products')
  @ApiCreatedResponse({ type: ProductDetailDto })
  @ApiOperation({ summary: 'Add a product to the catalogue, with its options, variants, engraving and gallery' })
  create(@Body() dto: CreateProductDto): Promise<ProductDetail> {
    const category = findCategory(dto.category)!;
    const images = dto.gallery?.map((g) => g.src) ?? dto.images;
    const image = dto.image ?? images?.[0] ?? category.image;
    const fields: ProductInput = {
      ...toFields(dto),
      name: dto.name.trim(),
      description: dto.description ?? '',
      price_cents: toCents(dto.price),
      original_price_cents: dto.original_price == null ? null : toCents(dto.original_price),
      category: dto.category,
      image,
      images: images ?? [image],
      features: (dto.features ?? []).map((f) => f.trim()).filter(hasVisibleText),
      rating: dto.rating ?? 4.5,
      reviews_count: dto.reviews_count ?? 0,
      in_stock: dto.in_stock ?? true,
    };
    return this.commands.execute(new CreateProductCommand(fields, stockOf(dto.variants)));
  }

  @Put('products/:id')
  @ApiHeader({ name: 'If-Match', required: false, description: 'The version you edited' })
  @ApiOkResponse({ type: ProductDetailDto })
  @ApiConflictResponse({ description: 'Someone else saved this product first' })
  @ApiOperation({ summary: 'Edit a product (If-Match guards against overwriting another edit); arrays sent replace the whole list' })
  edit(@Param('id', UuidOr404Pipe) id: string, @Body() dto: EditProductDto, @Headers('if-match') ifMatch?: string): Promise<ProductDetail> {
    const { version, ...rest } = dto;
    return this.commands.execute(new EditProductCommand(id, toFields(rest), version ?? parseIfMatch(ifMatch), stockOf(dto.variants)));
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
    const { deleted } = await this.commands.execute<ClearInventoryCommand, { deleted: number }>(new ClearInventoryCommand());
    return { success: true, deleted, message: `Inventory cleared: ${deleted} products removed` };
  }
}
