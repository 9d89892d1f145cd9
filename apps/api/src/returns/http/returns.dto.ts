import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { MAX_ORDER_LINES, RETURN_ACTIONS, RETURN_STATUSES, RETURN_TEXT_MAX, type ReturnAction, type ReturnStatus } from '@facet/contracts';
import { PageQueryDto } from '../../platform/http/page-query.dto';
import { OptionalText, VisibleText } from '../../platform/http/validation';

export class ReturnLineInputDto {
  @ApiProperty({ type: 'integer', minimum: 0, description: "The line's index in the order page's items (0 for the first)" })
  @IsInt({ message: 'line must be the index of a line of the order' })
  @Min(0, { message: 'line must be the index of a line of the order' })
  @Max(MAX_ORDER_LINES, { message: 'line must be the index of a line of the order' })
  line!: number;

  @ApiProperty({ type: 'integer', minimum: 1, example: 1 })
  @IsInt({ message: 'quantity must be a whole number' })
  @Min(1, { message: 'quantity must be at least 1' })
  @Max(1000, { message: 'quantity must be at most 1000' })
  quantity!: number;
}

export class RequestReturnDto {
  @ApiProperty({ type: [ReturnLineInputDto], description: 'The delivered lines to send back, each once' })
  @IsArray({ message: 'lines must be a list of { line, quantity }' })
  @ArrayMinSize(1, { message: 'lines must name at least one line to return' })
  @ArrayMaxSize(MAX_ORDER_LINES, { message: `lines may name at most ${MAX_ORDER_LINES} lines` })
  @IsObject({ each: true, message: 'each line must be an object' })
  @ValidateNested({ each: true })
  @Type(() => ReturnLineInputDto)
  lines!: ReturnLineInputDto[];

  @ApiProperty({ maxLength: RETURN_TEXT_MAX, example: 'The ring is too small' })
  @IsString({ message: 'reason must be text' })
  @MaxLength(RETURN_TEXT_MAX)
  @VisibleText('reason must say why the pieces come back')
  reason!: string;
}

export class StaffReturnActionDto {
  @ApiProperty({ enum: RETURN_ACTIONS })
  @IsIn(RETURN_ACTIONS, { message: `action must be one of ${RETURN_ACTIONS.join(', ')}` })
  action!: ReturnAction;

  @ApiPropertyOptional({ maxLength: RETURN_TEXT_MAX, description: 'The shopper reads it (required to refuse)' })
  @IsOptional()
  @IsString({ message: 'note must be text' })
  @MaxLength(RETURN_TEXT_MAX)
  @OptionalText()
  note?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, description: "Refund only: integer cents kept, at most the returned lines' price" })
  @IsOptional()
  @IsInt({ message: 'restocking_fee must be whole cents' })
  @Min(0, { message: 'restocking_fee must be at least 0' })
  @Max(Number.MAX_SAFE_INTEGER, { message: "restocking_fee is more than the returned lines' price" })
  restocking_fee?: number;

  @ApiPropertyOptional({ description: 'Exchange only: the variant (another size of the same piece) sent instead' })
  @IsOptional()
  @IsString({ message: 'exchange_variant_id must be a variant id' })
  @MaxLength(100)
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'exchange_variant_id must be a variant id' })
  exchange_variant_id?: string;
}

export const RETURN_SORTS = ['requested_at', 'updated_at', 'status'] as const;

export class AdminReturnListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: RETURN_SORTS }) @IsOptional() @IsIn(RETURN_SORTS) sort?: (typeof RETURN_SORTS)[number];
  @ApiPropertyOptional({ enum: ['asc', 'desc'] }) @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @ApiPropertyOptional({ enum: RETURN_STATUSES }) @IsOptional() @IsIn(RETURN_STATUSES) status?: ReturnStatus;
  @ApiPropertyOptional({ description: 'The order id' })
  @IsOptional()
  @IsUUID('all', { message: 'order_id must be an order id' })
  order_id?: string;
  @ApiPropertyOptional({ description: 'Part of the reason, a piece, or an id' }) @IsOptional() @IsString() @MaxLength(200) q?: string;
}

export class ReturnLineDto {
  @ApiProperty() line!: number;
  @ApiProperty() product_id!: string;
  @ApiProperty({ type: String, nullable: true }) variant_id!: string | null;
  @ApiProperty() product_name!: string;
  @ApiProperty() quantity!: number;
  @ApiProperty({ description: 'Dollars' }) price!: number;
}

export class ReturnStepDto {
  @ApiProperty() at!: string;
  @ApiProperty({ enum: RETURN_STATUSES }) status!: string;
  @ApiProperty() label!: string;
  @ApiProperty() note!: string;
}

export class ReturnDto {
  @ApiProperty() id!: string;
  @ApiProperty() order_id!: string;
  @ApiProperty({ enum: RETURN_STATUSES }) status!: string;
  @ApiProperty() status_label!: string;
  @ApiProperty() reason!: string;
  @ApiProperty({ type: [ReturnLineDto] }) lines!: ReturnLineDto[];
  @ApiProperty({ description: "Staff's last note (the shopper reads it)" }) note!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Dollars given back' }) refunded!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Dollars kept' }) restocking_fee!: number | null;
  @ApiProperty({ type: String, nullable: true }) exchange_variant_id!: string | null;
  @ApiProperty() requested_at!: string;
  @ApiProperty() updated_at!: string;
  @ApiProperty({ type: [ReturnStepDto] }) history!: ReturnStepDto[];
}

export class ReturnListDto {
  @ApiProperty({ type: [ReturnDto] }) items!: ReturnDto[];
  @ApiProperty() total!: number;
  @ApiProperty() page!: number;
  @ApiProperty() limit!: number;
}

export class ReturnPolicyRuleDto {
  @ApiProperty({ enum: ['engraved', 'resized', 'custom_design'] }) code!: string;
  @ApiProperty() label!: string;
  @ApiProperty() message!: string;
  @ApiProperty({ enum: ['automatic', 'staff', 'none'] }) applies!: string;
}

export class ReturnableLineRefusalDto {
  @ApiProperty() code!: string;
  @ApiProperty() message!: string;
}

export class ReturnableLineDto {
  @ApiProperty() line!: number;
  @ApiProperty() product_name!: string;
  @ApiProperty() quantity!: number;
  @ApiProperty() returnable_quantity!: number;
  @ApiProperty({ type: ReturnableLineRefusalDto, nullable: true }) refusal!: ReturnableLineRefusalDto | null;
}

export class OrderReturnsDto {
  @ApiProperty() window_days!: number;
  @ApiProperty({ type: String, nullable: true }) returnable_until!: string | null;
  @ApiProperty({ type: [ReturnableLineDto] }) lines!: ReturnableLineDto[];
  @ApiProperty({ type: [ReturnDto] }) returns!: ReturnDto[];
  @ApiProperty({ type: [ReturnPolicyRuleDto] }) policy!: ReturnPolicyRuleDto[];
}
