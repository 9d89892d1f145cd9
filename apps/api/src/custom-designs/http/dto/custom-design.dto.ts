import {
  CATEGORY_IDS,
  CategoryId,
  CUSTOM_DESIGN_STATUSES,
  CustomDesignStatus,
  Department,
  DIAMOND_SHAPES,
  DiamondShape,
  DIAMOND_SIZES,
  DiamondSize,
  GOLD_KARATS,
  MetalKarat,
  METAL_TYPES,
  MetalType,
  PLATINUM_KARATS,
  PREFERRED_CONTACTS,
  PreferredContact,
} from '@facet/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { MAX_DESIGN_NOTES } from '../../domain/custom-design';
import { CUSTOM_DESIGN_SORTS, CustomDesignSort } from '../../queries/custom-design-queries';
import { DateRangePageQueryDto } from '../../../platform/http/page-query.dto';
import { NoBidiControls, OptionalText, PhoneNumber, Verbatim, VisibleText } from '../../../platform/http/validation';

export const DEPARTMENTS: readonly Department[] = ['women', 'men'];
const KARATS = [...GOLD_KARATS, ...PLATINUM_KARATS];
const oneOf = (list: readonly string[]) => ({ message: `$property must be one of: ${list.join(', ')}` });

/** The spec's custom design payload (section 3). Cross-field rules (type vs category, karat vs metal) are the decider's. */
export class SubmitCustomDesignDto {
  @ApiProperty({ enum: DEPARTMENTS })
  @IsIn(DEPARTMENTS, oneOf(DEPARTMENTS))
  category: Department;

  @ApiProperty({ enum: CATEGORY_IDS, example: 'women-rings', description: 'Must belong to the category' })
  @IsIn(CATEGORY_IDS, oneOf(CATEGORY_IDS))
  jewelry_type: CategoryId;

  @ApiProperty({ enum: DIAMOND_SHAPES })
  @IsIn(DIAMOND_SHAPES, oneOf(DIAMOND_SHAPES))
  diamond_shape: DiamondShape;

  @ApiProperty({ enum: DIAMOND_SIZES, description: 'Carat range' })
  @IsIn(DIAMOND_SIZES, oneOf(DIAMOND_SIZES))
  diamond_size: DiamondSize;

  @ApiProperty({ enum: METAL_TYPES })
  @IsIn(METAL_TYPES, oneOf(METAL_TYPES))
  metal_type: MetalType;

  @ApiProperty({ enum: KARATS, description: '10K, 14K or 18K for gold metals; Pure Platinum for platinum' })
  @IsIn(KARATS, oneOf(KARATS))
  metal_karat: MetalKarat;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'A JPEG or PNG as a base64 data URL, at most 10485760 bytes decoded',
    example: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  })
  @IsOptional()
  @Verbatim()
  @IsString()
  @MaxLength(15_000_000)
  design_image?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_DESIGN_NOTES })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_DESIGN_NOTES, { message: `design_notes must be at most ${MAX_DESIGN_NOTES} characters` })
  @OptionalText()
  design_notes?: string | null;

  @ApiProperty({ example: 'Ada Lovelace' })
  @IsString()
  @VisibleText('contact_name is required')
  @NoBidiControls()
  @MaxLength(120)
  contact_name: string;

  @ApiProperty({ example: 'ada@example.com' })
  @IsString()
  @IsNotEmpty({ message: 'Email is required' })
  @MaxLength(254)
  contact_email: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '+1 (212) 555-0199',
    description: 'Required when preferred_contact is phone or text',
  })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  @PhoneNumber({ blank: true })
  contact_phone?: string | null;

  @ApiPropertyOptional({ enum: PREFERRED_CONTACTS, default: 'email' })
  @IsOptional()
  @IsIn(PREFERRED_CONTACTS, oneOf(PREFERRED_CONTACTS))
  preferred_contact?: PreferredContact;
}

export class SubmittedCustomDesignDto {
  @ApiProperty({ example: true }) success: true;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'pending' }) status: 'pending';
  @ApiProperty() created_at: string;
  @ApiProperty() message: string;
}

export class CustomDesignItemDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: CUSTOM_DESIGN_STATUSES }) status: CustomDesignStatus;
  @ApiProperty() created_at: string;
  @ApiProperty() updated_at: string;
  @ApiProperty({ enum: DEPARTMENTS }) category: string;
  @ApiProperty({ enum: CATEGORY_IDS }) jewelry_type: string;
  @ApiProperty({ enum: DIAMOND_SHAPES }) diamond_shape: string;
  @ApiProperty({ enum: DIAMOND_SIZES }) diamond_size: string;
  @ApiProperty({ enum: METAL_TYPES }) metal_type: string;
  @ApiProperty({ enum: KARATS }) metal_karat: string;
  @ApiProperty({ enum: PREFERRED_CONTACTS }) preferred_contact: string;
  @ApiProperty({ type: String, nullable: true, description: '"erased" once the person is erased' }) contact_name: string | null;
  @ApiProperty({ type: String, nullable: true }) contact_email: string | null;
  @ApiProperty({ type: String, nullable: true }) contact_phone: string | null;
  @ApiProperty({ type: String, nullable: true }) design_notes: string | null;
  @ApiProperty({ type: String, nullable: true }) customer_id: string | null;
  @ApiProperty() has_image: boolean;
  @ApiProperty({ type: String, nullable: true, example: '/api/admin/custom-designs/<id>/image' }) image_url: string | null;
  @ApiProperty() version: number;
}

export class CustomDesignHistoryEntryDto {
  @ApiProperty({ example: 'CustomDesignStatusChanged' }) type: string;
  @ApiProperty() occurred_at: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'Who did it: type (staff, customer, system) and id',
    example: { type: 'staff', id: '…' },
  })
  actor: object;
  @ApiProperty({ type: String, nullable: true }) note: string | null;
  @ApiProperty({ type: String, nullable: true }) from: string | null;
  @ApiProperty({ type: String, nullable: true }) to: string | null;
}

export class CustomDesignImageInfoDto {
  @ApiProperty({ enum: ['image/jpeg', 'image/png'] }) mime: string;
  @ApiProperty() size: number;
}

export class CustomDesignDetailDto extends CustomDesignItemDto {
  @ApiProperty({ type: CustomDesignImageInfoDto, nullable: true }) image: CustomDesignImageInfoDto | null;
  @ApiProperty({ type: [CustomDesignHistoryEntryDto] }) history: CustomDesignHistoryEntryDto[];
}

export class CustomDesignPageDto {
  @ApiProperty({ type: [CustomDesignItemDto] }) items: CustomDesignItemDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}

export class ListCustomDesignsQueryDto extends DateRangePageQueryDto {
  @ApiPropertyOptional({ enum: CUSTOM_DESIGN_SORTS, default: 'created_at' })
  @IsOptional()
  @IsIn(CUSTOM_DESIGN_SORTS, oneOf(CUSTOM_DESIGN_SORTS))
  sort?: CustomDesignSort;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional()
  @IsIn(['asc', 'desc'], oneOf(['asc', 'desc']))
  order?: 'asc' | 'desc';

  @ApiPropertyOptional({ description: 'Search name, e-mail, phone, notes, type, shape, metal or id' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;

  @ApiPropertyOptional({ enum: CUSTOM_DESIGN_STATUSES })
  @IsOptional()
  @IsIn(CUSTOM_DESIGN_STATUSES, oneOf(CUSTOM_DESIGN_STATUSES))
  status?: CustomDesignStatus;
}

export class ChangeCustomDesignStatusDto {
  @ApiProperty({
    enum: CUSTOM_DESIGN_STATUSES,
    description: 'Allowed moves: pending→contacted|cancelled, contacted→in_progress|cancelled, in_progress→completed|cancelled',
  })
  @IsIn(CUSTOM_DESIGN_STATUSES, oneOf(CUSTOM_DESIGN_STATUSES))
  status: CustomDesignStatus;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 2000 })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(2000)
  @OptionalText()
  note?: string | null;
}

export class DeletedDto {
  @ApiProperty({ example: true }) success: true;
  @ApiProperty() message: string;
}
