import {
  CATEGORY_IDS,
  CategoryId,
  MAX_PAGE_SIZE,
  MAX_PRODUCT_PRICE,
  PRICE_RANGES,
  PriceRange,
  SORT_OPTIONS,
  SortOption,
} from '@facet/contracts';
import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { QueryNumber } from '../../../platform/http/page-query.dto';
import { NoBidiControls, Omittable, OptionalText, VisibleText } from '../../../platform/http/validation';
import { Transform } from 'class-transformer';

/**
 * Images are the shop's own pictures: shipped artwork under /images/ or uploads under /api/media/, never
 * links elsewhere, script URLs, or another route of the API (a console page showing the product would
 * fetch /api/admin/... with staff credentials). No empty, '.' or '..' segments, which a browser resolves.
 */
export const SITE_PATH = /^(?=.{1,300}$)\/(?:images|api\/media)(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9._~-]+)+$/;
const SITE_PATH_MESSAGE = '$property must be a path on this site, like /images/products/ring-1.svg or /api/media/<file>';

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
  @ApiProperty({ example: 4.5 }) rating: number;
  @ApiProperty({ example: 0 }) reviews_count: number;
  @ApiProperty() in_stock: boolean;
  @ApiProperty({ description: 'Revision; send it back when editing to detect concurrent changes' }) version: number;
  @ApiProperty() created_at: string;
  @ApiProperty() updated_at: string;
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

  @ApiPropertyOptional({ default: 4.5, minimum: 0, maximum: 5 })
  @Omittable()
  @IsNumber({ maxDecimalPlaces: 1 })
  @Min(0)
  @Max(5)
  rating?: number;

  @ApiPropertyOptional({ default: 0 })
  @Omittable()
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  reviews_count?: number;

  @ApiPropertyOptional({ default: true })
  @Omittable()
  @IsBoolean()
  in_stock?: boolean;
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

  @ApiPropertyOptional({ description: 'Case-insensitive text in name, description, category or features' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;

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
