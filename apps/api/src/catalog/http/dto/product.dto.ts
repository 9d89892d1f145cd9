import {
  CATEGORY_IDS,
  CategoryId,
  ENGRAVING_MAX_LENGTH_LIMIT,
  MAX_PAGE_SIZE,
  MAX_PRODUCT_PRICE,
  PRICE_RANGES,
  PriceRange,
  RING_SIZER_VALUE,
  SORT_OPTIONS,
  SortOption,
} from '@facet/contracts';
import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  IsUUID,
  Min,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { QueryNumber } from '../../../platform/http/page-query.dto';
import { NoBidiControls, Omittable, OptionalText, VisibleText } from '../../../platform/http/validation';
import { Transform, Type } from 'class-transformer';
import { SKU_PATTERN, VARIANT_LIMITS } from '../../domain/product';

/**
 * Images are the shop's own pictures: shipped artwork under /images/ or uploads under /api/media/, never
 * links elsewhere, script URLs, or another route of the API (a console page showing the product would
 * fetch /api/admin/... with staff credentials). No empty, '.' or '..' segments, which a browser resolves.
 */
export const SITE_PATH = /^(?=.{1,300}$)\/(?:images|api\/media)(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9._~-]+)+$/;
const SITE_PATH_MESSAGE = '$property must be a path on this site, like /images/products/ring-1.svg or /api/media/<file>';

const L = VARIANT_LIMITS;
const SIZE_EXAMPLE = { size: '6.5' };

/** A variant's choice: an object of option name to value, strings only, within the option limits. */
function OptionChoice(): PropertyDecorator {
  return ValidateBy({
    name: 'optionChoice',
    validator: {
      validate: (value: unknown) =>
        !!value &&
        typeof value === 'object' &&
        !Array.isArray(value) &&
        Object.keys(value).length <= L.options &&
        Object.entries(value).every(([k, v]) => k.length <= L.optionName && typeof v === 'string' && v.length <= L.value),
      defaultMessage: () =>
        `$property must be an object of option name to value, like {"size":"6.5"}: at most ${L.options} options, ` +
        `names of at most ${L.optionName} and values of at most ${L.value} characters`,
    },
  });
}

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class ProductOptionDto {
  @ApiProperty({ example: 'size', maxLength: L.optionName, description: 'Option name, unique in the product (case-insensitive)' })
  @Transform(trimmed)
  @IsString()
  @MaxLength(L.optionName)
  @VisibleText('options.name is required')
  @NoBidiControls()
  name: string;

  @ApiProperty({
    type: [String],
    maxItems: L.values,
    example: ['5', '5.5', '6', '6.5', RING_SIZER_VALUE],
    description: `Values in the order shoppers see them, each at most ${L.value} characters`,
  })
  @Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((v) => trimmed({ value: v })) : value))
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(L.values)
  @IsString({ each: true })
  @MaxLength(L.value, { each: true })
  values: string[];
}

export class VariantInputDto {
  @ApiPropertyOptional({
    example: 'CELESTE-PT-6.5',
    maxLength: L.sku,
    description: 'A-Z, 0-9, dot, dash, underscore (lower case is upper-cased); unique in the product. Left out: kept, or made (FCT-...)',
  })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @Omittable()
  @IsString()
  @MaxLength(L.sku)
  @Matches(SKU_PATTERN, { message: 'sku may hold only A-Z, 0-9, dot, dash and underscore' })
  sku?: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: SIZE_EXAMPLE,
    description: "A value of each of the product's options, and no other ({} for a product without options)",
  })
  @IsDefined()
  @OptionChoice()
  options: Record<string, string>;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 7850, description: "US dollars; left out or null: the product's price" })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false })
  @Min(0.01)
  @Max(MAX_PRODUCT_PRICE)
  price?: number | null;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: 100_000,
    // Made to order, as the lead time below: Swagger UI's "Try it out" sends the examples as they stand.
    example: null,
    description:
      'Units on hand, or null for made to order. Recorded as initial stock when the variant is new or was made to order; ' +
      'later changes go through the inventory routes, with a reason',
  })
  @ValidateIf((_, v) => v !== null)
  @IsDefined({ message: 'stock must be a count of units, or null for made to order' })
  @IsInt({ message: 'stock must be a whole number of units, or null for made to order' })
  @Min(0)
  @Max(100_000)
  stock: number | null;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: L.leadTimeDays,
    example: 15,
    description: 'Business days to make a made-to-order variant',
  })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(0)
  @Max(L.leadTimeDays)
  lead_time_days?: number | null;

  @ApiPropertyOptional({
    description: `The variant an order line without variant_id takes; exactly one. None marked: the "${RING_SIZER_VALUE}" one, else the first`,
  })
  @Omittable()
  @IsBoolean()
  is_default?: boolean;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '/images/products/celeste-oval-diamond-solitaire-2.svg',
    description: 'A picture of this variant',
  })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @Matches(SITE_PATH, { message: SITE_PATH_MESSAGE })
  image?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: L.description,
    example: 'A whisper-fine band of 14K rose gold with a single 0.08 ct round diamond in a four-claw setting.',
    description: "The variant's own description, shown when it is chosen (its metal, karat or length); null: the product's. Left out: kept",
  })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(L.description)
  @VisibleText("description must not be empty (null: the product's)")
  @NoBidiControls()
  description?: string | null;

  @ApiPropertyOptional({
    type: [String],
    nullable: true,
    example: ['14K rose gold', '0.08 ct round diamond'],
    description: "The variant's own details list (DETAILS on the product page); null: the product's. Left out: kept",
  })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsArray()
  @ArrayMaxSize(L.features)
  @IsString({ each: true })
  @MaxLength(L.feature, { each: true })
  features?: string[] | null;
}

export class EngravingDto {
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: ENGRAVING_MAX_LENGTH_LIMIT,
    example: 20,
    description: 'Most characters an engraving may hold',
  })
  @IsInt()
  @Min(1)
  @Max(ENGRAVING_MAX_LENGTH_LIMIT)
  max_length: number;
}

export class GalleryImageInputDto {
  @ApiProperty({ example: '/images/products/celeste-oval-diamond-solitaire-1.svg' })
  @IsString()
  @Matches(SITE_PATH, { message: SITE_PATH_MESSAGE })
  src: string;

  @ApiPropertyOptional({
    maxLength: L.alt,
    example: 'Oval diamond solitaire in platinum, seen from above',
    description: "Alt text; left out or blank: the product's name",
  })
  @Transform(trimmed)
  @Omittable()
  @IsString()
  @MaxLength(L.alt)
  @OptionalText()
  @NoBidiControls()
  alt?: string;

  @ApiPropertyOptional({ type: [String], format: 'uuid', example: [], description: 'Variants this picture shows (left out or empty: all)' })
  @Omittable()
  @IsArray()
  @ArrayMaxSize(L.variants)
  @IsUUID('all', { each: true })
  variant_ids?: string[];
}

export class ProductVariantDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'FCT-1A2B3C4D' }) sku: string;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, example: SIZE_EXAMPLE }) options: Record<string, string>;
  @ApiProperty({ example: 7850, description: 'US dollars' }) price: number;
  @ApiProperty({ type: 'integer', nullable: true, example: 1, description: 'Units orderable now; null when made to order' })
  available: number | null;
  @ApiProperty({ type: 'integer', nullable: true, example: 15, description: 'Business days to make it (made to order)' })
  lead_time_days: number | null;
  @ApiProperty({ description: 'What an order line without variant_id takes' }) is_default: boolean;
  @ApiProperty({ type: String, nullable: true }) image: string | null;
  @ApiProperty({ type: String, nullable: true, description: "Its own description, or null for the product's" })
  description: string | null;
  @ApiProperty({ type: [String], nullable: true, description: "Its own details list, or null for the product's" })
  features: string[] | null;
}

export class ProductOptionViewDto {
  @ApiProperty({ example: 'size' }) name: string;
  @ApiProperty({ type: [String], example: ['6', '6.5', RING_SIZER_VALUE] }) values: string[];
}

export class EngravingRuleDto {
  @ApiProperty({ type: 'integer', example: 20 }) max_length: number;
}

export class GalleryImageDto {
  @ApiProperty() src: string;
  @ApiProperty() alt: string;
  @ApiProperty({ type: [String], description: 'Variants this picture shows (empty: all)' }) variant_ids: string[];
}

export class ProductDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ example: 1250, description: 'US dollars' }) price: number;
  @ApiProperty({ type: Number, nullable: true, example: 1500 }) original_price: number | null;
  @ApiProperty() image: string;
  @ApiProperty({ type: [String] }) images: string[];
  @ApiProperty({ enum: CATEGORY_IDS }) category: CategoryId;
  @ApiProperty({ type: [String] }) features: string[];
  @ApiProperty({ example: 4.5, description: 'Average stars of the approved reviews, to one decimal; 0 without any' }) rating: number;
  @ApiProperty({ example: 0, description: 'Approved reviews' }) reviews_count: number;
  @ApiProperty() in_stock: boolean;
  @ApiProperty({ description: 'Revision; send it back when editing to detect concurrent changes' }) version: number;
  @ApiProperty() created_at: string;
  @ApiProperty() updated_at: string;
}

/** GET /api/products/{id}, and what the admin routes answer: the product with its variants (lists leave them out). */
export class ProductDetailDto extends ProductDto {
  @ApiProperty({ type: [ProductOptionViewDto] }) options: ProductOptionViewDto[];
  @ApiProperty({ type: [ProductVariantDto], description: 'At least one; exactly one is_default' }) variants: ProductVariantDto[];
  @ApiProperty({ type: EngravingRuleDto, nullable: true, description: 'null: no engraving' }) engraving: EngravingRuleDto | null;
  @ApiProperty({ type: [GalleryImageDto], description: 'Pictures in display order; image is the featured one' }) gallery: GalleryImageDto[];
}

export class ProductListDto {
  @ApiProperty({ type: [ProductDto] }) products: ProductDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}

export class CreateProductDto {
  @ApiProperty({ example: 'Celeste Oval Diamond Solitaire' })
  @IsString()
  @MaxLength(200)
  @VisibleText('name is required')
  @NoBidiControls()
  name: string;

  @ApiPropertyOptional({ default: '' })
  // null clears the description (empty text), as a create without one always did.
  @Transform(({ value }: { value: unknown }) => (value === null ? '' : value))
  @Omittable()
  @IsString()
  @MaxLength(5000)
  @OptionalText()
  description?: string;

  @ApiProperty({ example: 2450, description: 'US dollars, at most two decimals' })
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false })
  @Min(0.01)
  @Max(MAX_PRODUCT_PRICE)
  price: number;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 2900, description: 'Shown struck through when above price' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false })
  @Min(0.01)
  @Max(MAX_PRODUCT_PRICE)
  original_price?: number | null;

  @ApiProperty({ enum: CATEGORY_IDS })
  @IsIn(CATEGORY_IDS, { message: `category must be one of: ${CATEGORY_IDS.join(', ')}` })
  category: CategoryId;

  @ApiPropertyOptional({ example: '/images/products/celeste-oval-diamond-solitaire-1.svg' })
  @Omittable()
  @IsString()
  @Matches(SITE_PATH, { message: SITE_PATH_MESSAGE })
  image?: string;

  @ApiPropertyOptional({
    type: [String],
    example: ['/images/products/celeste-oval-diamond-solitaire-1.svg', '/images/products/celeste-oval-diamond-solitaire-2.svg'],
  })
  @Omittable()
  @IsArray()
  @ArrayMaxSize(12)
  @IsString({ each: true })
  @Matches(SITE_PATH, { each: true, message: SITE_PATH_MESSAGE })
  images?: string[];

  @ApiPropertyOptional({ type: [String], example: ['18K yellow gold', '1.2 ct total weight'] })
  @Omittable()
  @IsArray()
  @ArrayMaxSize(30)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  @OptionalText({ each: true })
  features?: string[];

  @ApiPropertyOptional({
    default: 4.5,
    minimum: 0,
    maximum: 5,
    deprecated: true,
    description: 'Accepted and kept for older clients, never shown: the rating shown is that of the approved reviews',
  })
  @Omittable()
  @IsNumber({ maxDecimalPlaces: 1 })
  @Min(0)
  @Max(5)
  rating?: number;

  @ApiPropertyOptional({
    default: 0,
    deprecated: true,
    description: 'Accepted, never shown: the count shown is that of the approved reviews',
  })
  @Omittable()
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  reviews_count?: number;

  @ApiPropertyOptional({ default: true })
  @Omittable()
  @IsBoolean()
  in_stock?: boolean;

  @ApiPropertyOptional({
    type: [ProductOptionDto],
    maxItems: L.options,
    description: 'Options shoppers choose (size, metal, karat, length)',
  })
  @Omittable()
  @IsArray()
  @ArrayMaxSize(L.options)
  // IsObject: ValidateNested alone lets an array of arrays ([[]]) through to the handler.
  @IsObject({ each: true, message: 'each of options must be an object' })
  @ValidateNested({ each: true })
  @Type(() => ProductOptionDto)
  options?: ProductOptionDto[];

  @ApiPropertyOptional({
    type: [VariantInputDto],
    maxItems: L.variants,
    description:
      'One per combination of option values that can be sold. Left out on create (or empty): one made-to-order variant. On edit, a variant with the options of an existing one keeps its id',
  })
  @Omittable()
  @IsArray()
  @ArrayMaxSize(L.variants)
  // IsObject: ValidateNested alone lets an array of arrays ([[]]) through to the handler.
  @IsObject({ each: true, message: 'each of variants must be an object' })
  @ValidateNested({ each: true })
  @Type(() => VariantInputDto)
  variants?: VariantInputDto[];

  @ApiPropertyOptional({ type: EngravingDto, nullable: true, description: 'Engraving offered on a line; null or left out: none' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsObject({ message: 'engraving must be an object like {"max_length":20}, or null' })
  @ValidateNested()
  @Type(() => EngravingDto)
  engraving?: EngravingDto | null;

  @ApiPropertyOptional({
    type: [GalleryImageInputDto],
    maxItems: L.gallery,
    description: 'Pictures in display order with alt text; when sent, images follows it. Left out: made of images',
  })
  @Omittable()
  @IsArray()
  @ArrayMaxSize(L.gallery)
  // IsObject: ValidateNested alone lets an array of arrays ([[]]) through to the handler.
  @IsObject({ each: true, message: 'each of gallery must be an object' })
  @ValidateNested({ each: true })
  @Type(() => GalleryImageInputDto)
  gallery?: GalleryImageInputDto[];
}

// skipNullProperties false: null is checked like any value (left out is still left out).
export class EditProductDto extends PartialType(CreateProductDto, { skipNullProperties: false }) {
  @ApiPropertyOptional({ description: 'The version you edited (also accepted as an If-Match header); stale -> 409' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(2_147_483_647)
  version?: number;
}

export class ListProductsQueryDto {
  @ApiPropertyOptional({ enum: CATEGORY_IDS })
  @IsOptional()
  @IsIn(CATEGORY_IDS, { message: `category must be one of: ${CATEGORY_IDS.join(', ')}` })
  category?: CategoryId;

  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: MAX_PAGE_SIZE })
  @IsOptional()
  @QueryNumber()
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit?: number;

  @ApiPropertyOptional({ default: 1, minimum: 1 })
  @IsOptional()
  @QueryNumber()
  @IsInt({ message: 'page must be a whole number' })
  @Min(1)
  @Max(100_000)
  page?: number;

  @ApiPropertyOptional({ enum: SORT_OPTIONS, default: 'featured' })
  @IsOptional()
  @IsIn(SORT_OPTIONS, { message: `sort_by must be one of: ${SORT_OPTIONS.join(', ')}` })
  sort_by?: SortOption;

  @ApiPropertyOptional({ enum: PRICE_RANGES, default: 'all' })
  @IsOptional()
  @IsIn(PRICE_RANGES, { message: `price_range must be one of: ${PRICE_RANGES.join(', ')}` })
  price_range?: PriceRange;

  @ApiPropertyOptional({
    maxLength: 200,
    description:
      'Words, each found (in any order, case-insensitive, a plural as its singular) in the name, description, category, ' +
      'features or option values (metals); punctuation only separates words. Featured order is then relevance',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'true: only pieces that can be ordered now (a variant made to order or with units left); false: only the others',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'in_stock must be true or false' })
  in_stock?: boolean;

  @ApiPropertyOptional({ description: 'Dollars, inclusive' })
  @IsOptional()
  @QueryNumber()
  @IsNumber({}, { message: 'min_price must be a number' })
  @Min(0)
  @Max(10_000_000)
  min_price?: number;

  @ApiPropertyOptional({ description: 'Dollars, inclusive' })
  @IsOptional()
  @QueryNumber()
  @IsNumber({}, { message: 'max_price must be a number' })
  @Min(0)
  @Max(10_000_000)
  max_price?: number;
}

export class CategoryProductsQueryDto {
  @ApiPropertyOptional({ enum: SORT_OPTIONS, default: 'featured' })
  @IsOptional()
  @IsIn(SORT_OPTIONS, { message: `sort_by must be one of: ${SORT_OPTIONS.join(', ')}` })
  sort_by?: SortOption;

  @ApiPropertyOptional({ enum: PRICE_RANGES, default: 'all' })
  @IsOptional()
  @IsIn(PRICE_RANGES, { message: `price_range must be one of: ${PRICE_RANGES.join(', ')}` })
  price_range?: PriceRange;

  @ApiPropertyOptional({ default: 50, minimum: 1, maximum: MAX_PAGE_SIZE })
  @IsOptional()
  @QueryNumber()
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit?: number;

  @ApiPropertyOptional({ default: 1, minimum: 1 })
  @IsOptional()
  @QueryNumber()
  @IsInt({ message: 'page must be a whole number' })
  @Min(1)
  @Max(100_000)
  page?: number;
}

export class RandomProductsQueryDto {
  @ApiPropertyOptional({ default: 3, minimum: 1, maximum: 24 })
  @IsOptional()
  @QueryNumber()
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  @Max(24)
  limit?: number;
}
