import { MAX_STOCK_UNITS } from '@facet/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../../platform/http/page-query.dto';
import { NoBidiControls, Omittable, VisibleText } from '../../../platform/http/validation';
import { MAX_REASON_LENGTH, RELEASE_REASONS, RESERVATION_STATUSES } from '../../domain/variant-stock';

const KINDS = ['adjusted', 'reserved', 'released', 'confirmed', 'returned'];

export class VariantStockDto {
  @ApiProperty({ format: 'uuid' }) variant_id: string;
  @ApiProperty({ format: 'uuid' }) product_id: string;
  @ApiProperty({ type: String, nullable: true, description: 'The product, as the catalogue names it now' })
  product_name: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Size 6.5', description: "The variant's option values as shoppers read them" })
  variant_label: string | null;
  @ApiProperty({ description: 'Units on hand (in the shop, not yet shipped to a paid order)' }) on_hand: number;
  @ApiProperty({ description: 'Units held by orders not yet paid, cancelled or expired' }) reserved: number;
  @ApiProperty({ description: 'Units shoppers can still order: on_hand - reserved, never below 0' }) available: number;
}

/** The counts after a movement (answers of adjustments and returns). */
export class StockLevelDto {
  @ApiProperty({ format: 'uuid' }) variant_id: string;
  @ApiProperty({ format: 'uuid' }) product_id: string;
  @ApiProperty() on_hand: number;
  @ApiProperty() reserved: number;
  @ApiProperty() available: number;
}

export class StockAdjustmentDto {
  @ApiPropertyOptional({ description: 'Units to add (positive) or remove (negative); send this or set_to', example: 2 })
  @Omittable()
  @IsInt({ message: 'delta must be a whole number' })
  @Min(-MAX_STOCK_UNITS)
  @Max(MAX_STOCK_UNITS)
  delta?: number;

  @ApiPropertyOptional({ description: 'The count on hand after a stocktake; send this or delta', minimum: 0, maximum: MAX_STOCK_UNITS })
  @Omittable()
  @IsInt({ message: 'set_to must be a whole number' })
  @Min(0)
  @Max(MAX_STOCK_UNITS)
  set_to?: number;

  @ApiProperty({ minLength: 1, maxLength: MAX_REASON_LENGTH, example: 'Stocktake 2026-11' })
  @IsString()
  @MaxLength(MAX_REASON_LENGTH)
  @VisibleText('reason is required')
  @NoBidiControls()
  reason: string;
}

export class StockReturnDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'The paid order the units came back from (at most its paid units)' })
  @Omittable()
  @IsUUID('all', { message: 'order_id must be an order id' })
  order_id?: string;

  @ApiProperty({ minimum: 1, maximum: MAX_STOCK_UNITS })
  @IsInt({ message: 'quantity must be a whole number' })
  @Min(1)
  @Max(MAX_STOCK_UNITS)
  quantity: number;

  @ApiProperty({ minLength: 1, maxLength: MAX_REASON_LENGTH, example: 'Returned unworn' })
  @IsString()
  @MaxLength(MAX_REASON_LENGTH)
  @VisibleText('reason is required')
  @NoBidiControls()
  reason: string;
}

export class StockMovementDto {
  @ApiProperty({ enum: KINDS }) kind: string;
  @ApiProperty({
    description: 'Units: + into stock (adjusted up, returned), - out of it (adjusted down, confirmed); held or let go otherwise',
  })
  quantity: number;
  @ApiProperty({ type: String, nullable: true, description: "Staff's reason, or why a reservation was let go" }) reason: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The staff member's name or e-mail, or 'system'" }) by: string | null;
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' }) order_id: string | null;
  @ApiProperty({ type: String, nullable: true, example: '3F2A9C1B' }) order_reference: string | null;
  @ApiProperty() on_hand_after: number;
  @ApiProperty() reserved_after: number;
  @ApiProperty() available_after: number;
}

export class StockLedgerDto {
  @ApiProperty({ type: [StockMovementDto], description: 'Newest first' }) items: StockMovementDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}

export class StockReservationDto {
  @ApiProperty({ format: 'uuid' }) order_id: string;
  @ApiProperty({ example: '3F2A9C1B' }) order_reference: string;
  @ApiProperty({ format: 'uuid' }) variant_id: string;
  @ApiProperty({ format: 'uuid' }) product_id: string;
  @ApiProperty() quantity: number;
  @ApiProperty({ enum: RESERVATION_STATUSES }) status: string;
  @ApiProperty({ type: String, nullable: true, enum: [...RELEASE_REASONS, null] }) release_reason: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: String, nullable: true, description: "Who confirmed a consultation request's hold (issue 49); null: not confirmed" })
  hold_confirmed_by: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) hold_confirmed_at: string | null;
}

export class StockReservationListDto {
  @ApiProperty({ type: [StockReservationDto] }) items: StockReservationDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}

export class ReservationsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID('all', { message: 'variant_id must be a variant id' }) variant_id?: string;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID('all', { message: 'order_id must be an order id' }) order_id?: string;
  @ApiPropertyOptional({ enum: RESERVATION_STATUSES })
  @IsOptional()
  @IsIn(RESERVATION_STATUSES, { message: `status must be one of: ${RESERVATION_STATUSES.join(', ')}` })
  status?: (typeof RESERVATION_STATUSES)[number];
}
