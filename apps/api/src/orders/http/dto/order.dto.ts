import {
  EMAIL_PATTERN,
  ENGRAVING_ALLOWED,
  ENGRAVING_MAX_LENGTH_LIMIT,
  MAX_ORDER_LINES,
  MAX_ORDER_TOTAL_CENTS,
  consultationQuantityLimitMessage,
  MAX_QUANTITY_PER_LINE,
  ORDER_STATUSES,
  OrderStatus,
  PAYMENT_STATUSES,
  CARRIER_IDS,
  normalTrackingNumber,
  TRACKING_NUMBER_MESSAGE,
  TRACKING_NUMBER_PATTERN,
} from '@facet/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
  type ValidationArguments,
} from 'class-validator';
import { DateRangePageQueryDto } from '../../../platform/http/page-query.dto';
import { NoBidiControls, Omittable, OptionalText, PhoneNumber, VisibleText } from '../../../platform/http/validation';
import { SEARCHABLE } from '../../queries/order-search';

/** Blank (no search), or a search holding a letter or a digit (order-search.ts). */
const SEARCHABLE_OR_BLANK = new RegExp(`^\\s*$|${SEARCHABLE.source}`, 'u');

// No maxDecimalPlaces: class-validator's check throws on exponent notation (1e-7); amounts are compared to the cent anyway.
const money = { allowNaN: false, allowInfinity: false };
/** Totals the shopper saw are only compared with the server's; no real order comes near this. */
const MAX_CLAIMED_TOTAL = MAX_ORDER_TOTAL_CENTS / 100;

/** Marks an item of a consultation request (not enumerable: never a field), so its limit is told as one. */
const CONSULTATION_ITEM = Symbol('consultation item');
const inConsultation = (item: object) => (item as { [CONSULTATION_ITEM]?: boolean })[CONSULTATION_ITEM] === true;

/** The order's items, each marked when the order is a consultation request (by its statuses, as requestedStatuses reads them). */
function markConsultationItems({ value, obj }: { value: unknown; obj: Record<string, unknown> }): unknown {
  const consultation =
    obj.status === 'consultation_requested' || (obj.status === undefined && obj.payment_status === 'pending_consultation');
  if (consultation && Array.isArray(value)) {
    for (const item of value)
      if (item && typeof item === 'object') Object.defineProperty(item, CONSULTATION_ITEM, { value: true, enumerable: false });
  }
  return value;
}

export class OrderItemInputDto {
  @ApiProperty({ format: 'uuid' }) @IsUUID('all', { message: 'product_id must be a product id' }) product_id: string;
  @ApiPropertyOptional({ description: 'Shown in messages; the catalogue name is stored' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  product_name?: string;
  @ApiProperty({ example: 2450, description: 'Unit price in dollars as the shopper saw it; checked against the catalogue' })
  @IsNumber(money)
  @Min(0)
  @Max(10_000_000)
  price: number;
  @ApiProperty({ example: 1, minimum: 1, maximum: MAX_QUANTITY_PER_LINE })
  @IsInt()
  @Min(1, { message: 'quantity must be at least 1' })
  @Max(MAX_QUANTITY_PER_LINE, {
    message: (args: ValidationArguments) =>
      inConsultation(args.object)
        ? consultationQuantityLimitMessage()
        : `You can order at most ${MAX_QUANTITY_PER_LINE} of one piece. For more, please request a consultation.`,
  })
  quantity: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) image?: string;
  @ApiPropertyOptional({
    format: 'uuid',
    description: "The chosen variant (GET /api/products/{id} lists them); the product's default one when left out",
  })
  @Omittable()
  @IsUUID('all', { message: 'variant_id must be a variant id' })
  variant_id?: string;
  @ApiPropertyOptional({
    default: '',
    maxLength: ENGRAVING_MAX_LENGTH_LIMIT,
    pattern: ENGRAVING_ALLOWED.source,
    description: "Text to engrave, within the product's engraving.max_length; letters, digits, spaces and . , ' & + - ♥",
  })
  @Omittable()
  @IsString()
  @MaxLength(ENGRAVING_MAX_LENGTH_LIMIT, { message: `engraving must be at most ${ENGRAVING_MAX_LENGTH_LIMIT} characters` })
  @Matches(ENGRAVING_ALLOWED, { message: "engraving may use letters, digits, spaces and . , ' & + - ♥ only" })
  engraving?: string;
}

export class ShippingInputDto {
  @ApiProperty() @IsString() @MaxLength(100) @VisibleText('First name is required') @NoBidiControls() first_name: string;
  @ApiProperty() @IsString() @MaxLength(100) @VisibleText('Last name is required') @NoBidiControls() last_name: string;
  @ApiProperty() @IsString() @MaxLength(254) @Matches(EMAIL_PATTERN, { message: 'Please enter a valid email address' }) email: string;
  @ApiPropertyOptional({ default: '' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  @PhoneNumber({ blank: true })
  phone?: string;
  @ApiPropertyOptional({ default: '', description: 'Required for a card order (it is shipped)' })
  @IsOptional()
  @IsString()
  @MaxLength(300)
  @OptionalText()
  address?: string;
  @ApiPropertyOptional({ default: '' }) @IsOptional() @IsString() @MaxLength(100) @OptionalText() apartment?: string;
  @ApiPropertyOptional({ default: '', description: 'Required for a card order (it is shipped)' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @OptionalText()
  city?: string;
  @ApiPropertyOptional({ default: '', description: 'Required for a card order (it is shipped)' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @OptionalText()
  state?: string;
  @ApiPropertyOptional({ default: '', description: 'Required for a card order (it is shipped)' })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  @OptionalText()
  zip_code?: string;
  @ApiPropertyOptional({ default: 'US', description: 'US when empty or left out' })
  @IsOptional()
  @IsString()
  @MaxLength(60)
  @OptionalText()
  country?: string;
}

export class PaymentInputDto {
  @ApiProperty({ description: 'Name on card; empty for a consultation request' })
  @IsString()
  @MaxLength(100)
  @NoBidiControls()
  @OptionalText()
  card_name: string;
  @ApiProperty({ description: 'Last four digits; empty for a consultation request' })
  @IsString()
  @Matches(/^(\d{4})?$/, { message: 'last_4 must be four digits' })
  last_4: string;
}

export class CreateOrderDto {
  @ApiProperty({ type: [OrderItemInputDto] })
  @IsArray()
  @ArrayMinSize(1, { message: 'An order needs at least one item' })
  @ArrayMaxSize(MAX_ORDER_LINES, { message: `An order may have at most ${MAX_ORDER_LINES} lines` })
  // IsObject: ValidateNested alone lets an array of arrays ([[]]) through to the handler.
  @IsObject({ each: true, message: 'each item must be an object' })
  @ValidateNested({ each: true })
  @Type(() => OrderItemInputDto)
  @Transform(markConsultationItems)
  items: OrderItemInputDto[];

  @ApiProperty({ type: ShippingInputDto }) @IsObject() @ValidateNested() @Type(() => ShippingInputDto) shipping: ShippingInputDto;
  @ApiProperty({ type: PaymentInputDto }) @IsObject() @ValidateNested() @Type(() => PaymentInputDto) payment: PaymentInputDto;

  // Omittable, not IsOptional: a null total was compared as $0 and answered 'Prices have changed' (a 409).
  @ApiPropertyOptional({ description: 'Dollars; checked against the server price' })
  @Omittable()
  @IsNumber(money)
  @Min(0)
  @Max(MAX_CLAIMED_TOTAL)
  subtotal?: number;
  @ApiPropertyOptional({ description: 'Dollars; checked' })
  @Omittable()
  @IsNumber(money)
  @Min(0)
  @Max(MAX_CLAIMED_TOTAL)
  shipping_cost?: number;
  @ApiPropertyOptional({ description: 'Dollars; checked' }) @Omittable() @IsNumber(money) @Min(0) @Max(MAX_CLAIMED_TOTAL) tax?: number;
  @ApiPropertyOptional({ description: 'Dollars; checked' }) @Omittable() @IsNumber(money) @Min(0) @Max(MAX_CLAIMED_TOTAL) total?: number;

  @ApiPropertyOptional({ enum: ['consultation_requested', 'pending'], description: 'consultation_requested for a consultation request' })
  @IsOptional()
  @IsIn(ORDER_STATUSES)
  status?: OrderStatus;

  @ApiPropertyOptional({ enum: ['pending_consultation', 'unpaid'] })
  @IsOptional()
  @IsIn(PAYMENT_STATUSES)
  payment_status?: string;
}

export class OrderCreatedDto {
  @ApiProperty({ format: 'uuid' }) order_id: string;
}

export class OrderItemDto {
  @ApiProperty({ format: 'uuid', description: 'The product id' }) id: string;
  @ApiProperty({ format: 'uuid' }) product_id: string;
  @ApiProperty() name: string;
  @ApiProperty() product_name: string;
  @ApiProperty() image: string;
  @ApiProperty() quantity: number;
  @ApiProperty({ description: 'Unit price, dollars' }) price: number;
  @ApiProperty({ type: String, nullable: true, format: 'uuid', description: 'The variant ordered; null on orders placed before variants' })
  variant_id: string | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    nullable: true,
    example: { size: '6.5' },
    description: "The variant's option values when ordered ({} for a plain product); null on orders placed before variants",
  })
  variant_options: Record<string, string> | null;
  @ApiProperty({ description: "Text to engrave; '' for none" }) engraving: string;
}

export class OrderShippingDto {
  @ApiProperty({ type: String, nullable: true }) first_name: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) last_name?: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Masked unless you are the owner or staff' }) email: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) phone?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) address?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) apartment?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) city?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) state?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) zip_code?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) country?: string | null;
}

export class OrderDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) order_id: string;
  @ApiProperty({ format: 'uuid' }) orderId: string;
  @ApiProperty({ enum: ['consultation', 'card'] }) kind: string;
  @ApiProperty({ enum: ORDER_STATUSES }) status: string;
  @ApiProperty({ enum: PAYMENT_STATUSES }) payment_status: string;
  @ApiProperty() status_message: string;
  @ApiProperty({ description: 'A card order that may still be paid: POST /api/payments/checkout/session with its id' }) can_pay: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'When an unpaid card order expires' }) pay_by: string | null;
  @ApiProperty({ description: 'Money given back for payments the order could not take, in dollars' }) refunded: number;
  @ApiProperty() created_at: string;
  @ApiProperty() date: string;
  @ApiProperty({ type: [OrderItemDto] }) items: OrderItemDto[];
  @ApiProperty() subtotal: number;
  @ApiProperty() shipping_cost: number;
  @ApiProperty() tax: number;
  @ApiProperty() total: number;
  @ApiProperty({ type: OrderShippingDto }) shipping: OrderShippingDto;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Owner and staff only' }) last_4?: string | null;
}

export class MyOrderDto {
  @ApiProperty({ format: 'uuid' }) orderId: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: '3F2A9C1B' }) reference: string;
  @ApiProperty({ enum: ['consultation', 'card'] }) kind: string;
  @ApiProperty() can_pay: boolean;
  @ApiProperty({ type: String, nullable: true }) pay_by: string | null;
  @ApiProperty() date: string;
  @ApiProperty() total: number;
  @ApiProperty() status: string;
  @ApiProperty() payment_status: string;
  @ApiProperty() status_message: string;
  @ApiProperty({ type: [OrderItemDto] }) items: OrderItemDto[];
}

export class OrderPageItemDto {
  @ApiProperty({ format: 'uuid', description: 'The product' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() image: string;
  @ApiProperty() quantity: number;
  @ApiProperty({ description: 'Unit price in dollars' }) price: number;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, nullable: true }) variant_options: Record<string, string> | null;
  @ApiProperty({ description: "'' for none" }) engraving: string;
}

export class OrderPageShipToDto {
  @ApiProperty() name: string;
  @ApiProperty({ type: [String] }) lines: string[];
}

export class OrderShipmentDto {
  @ApiProperty({ enum: CARRIER_IDS }) carrier: string;
  @ApiProperty({ example: 'UPS' }) carrier_name: string;
  @ApiProperty({ example: '1Z999AA10123456784' }) tracking_number: string;
  @ApiProperty({ type: String, nullable: true, description: "The carrier's tracking page, built from its template" }) tracking_url:
    string | null;
  @ApiProperty({ type: String, nullable: true }) shipped_at: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'When it was delivered; null while on its way' }) delivered_at: string | null;
}

export class OrderTimelineEntryDto {
  @ApiProperty() at: string;
  @ApiProperty() status: string;
  @ApiProperty() label: string;
  @ApiProperty({ description: "A note staff shared with the customer; '' for none" }) note: string;
}

/** GET /api/orders/{id}/page (OrderPage in libs/contracts). */
export class OrderPageDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: '3F2A9C1B' }) reference: string;
  @ApiProperty({ enum: ['consultation', 'card'] }) kind: string;
  @ApiProperty({ enum: ORDER_STATUSES }) status: string;
  @ApiProperty() status_label: string;
  @ApiProperty() status_message: string;
  @ApiProperty({ enum: PAYMENT_STATUSES }) payment_status: string;
  @ApiProperty() payment_label: string;
  @ApiProperty() can_pay: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "A card order not yet paid: until when its pieces are held (its payment session's end); then it expires",
  })
  held_until: string | null;
  @ApiProperty() created_at: string;
  @ApiProperty({ type: [OrderPageItemDto] }) items: OrderPageItemDto[];
  @ApiProperty() subtotal: number;
  @ApiProperty() shipping_cost: number;
  @ApiProperty() tax: number;
  @ApiProperty() total: number;
  @ApiProperty() refunded: number;
  @ApiProperty({ type: OrderPageShipToDto, nullable: true }) ship_to: OrderPageShipToDto | null;
  @ApiProperty({ type: String, nullable: true, description: 'The last four digits of the card the provider charged' })
  card_last_4: string | null;
  @ApiProperty({ type: OrderShipmentDto, nullable: true }) shipment: OrderShipmentDto | null;
  @ApiProperty({ type: [OrderTimelineEntryDto] }) timeline: OrderTimelineEntryDto[];
}

const ORDER_SORTS = ['created_at', 'total', 'status', 'updated_at', 'payment_status', 'reference'];

export class AdminOrderListQueryDto extends DateRangePageQueryDto {
  @ApiPropertyOptional({ enum: ORDER_SORTS }) @IsOptional() @IsIn(ORDER_SORTS) sort?: string;
  @ApiPropertyOptional({ enum: ['asc', 'desc'] }) @IsOptional() @IsIn(['asc', 'desc']) order?: 'asc' | 'desc';
  @ApiPropertyOptional({
    description:
      'Reference (or the start of the id), name or e-mail, holding a letter or a digit. One or two letters or digits match the start of a word; more, anywhere.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @Matches(SEARCHABLE_OR_BLANK, { message: 'q must hold a letter or a digit: a reference, a name or an e-mail address' })
  q?: string;
  @ApiPropertyOptional({ enum: ORDER_STATUSES }) @IsOptional() @IsIn(ORDER_STATUSES) status?: OrderStatus;
  @ApiPropertyOptional({ enum: ['consultation', 'card'] }) @IsOptional() @IsIn(['consultation', 'card']) kind?: 'consultation' | 'card';
  @ApiPropertyOptional({ enum: PAYMENT_STATUSES }) @IsOptional() @IsIn(PAYMENT_STATUSES) payment_status?: string;
}

export class AdminOrderDto extends OrderDto {
  @ApiProperty({ example: '3F2A9C1B', description: 'The short order reference shoppers see' }) reference: string;
  @ApiProperty({ type: String, nullable: true, description: "The order's open (or last) checkout session" }) payment_session_id:
    string | null;
  @ApiProperty({ type: String, nullable: true }) customer_id: string | null;
  @ApiProperty({ type: String, nullable: true }) card_name: string | null;
  @ApiProperty({ type: String, nullable: true, enum: CARRIER_IDS, description: 'Once shipped: the carrier' }) carrier: string | null;
  @ApiProperty({ type: String, nullable: true }) tracking_number: string | null;
  @ApiProperty({ type: String, nullable: true, description: "Built from the carrier's template and the number" }) tracking_url:
    string | null;
  @ApiProperty({ type: String, nullable: true }) shipped_at: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    description: "When a dispute (a chargeback) was first opened on the order's payment: answer it in the provider's dashboard",
  })
  disputed_at: string | null;
  @ApiProperty() updated_at: string;
  @ApiProperty() version: number;
}

export class AdminOrderListDto {
  @ApiProperty({ type: [AdminOrderDto] }) items: AdminOrderDto[];
  @ApiProperty() total: number;
  @ApiPropertyOptional({ description: 'true when total is an estimate: a search or date range matched more than 1,000 orders' })
  total_estimated?: boolean;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}

export class ChangeOrderStatusDto {
  @ApiProperty({ enum: ORDER_STATUSES })
  @IsIn(ORDER_STATUSES, { message: `status must be one of: ${ORDER_STATUSES.join(', ')}` })
  status: OrderStatus;
  @ApiPropertyOptional({ default: '' }) @IsOptional() @IsString() @MaxLength(2000) @OptionalText() note?: string;
  @ApiPropertyOptional({ default: false, description: 'Show the note to the customer on their order page (default: staff only)' })
  @Omittable()
  @IsBoolean()
  share_with_customer?: boolean;
  @ApiPropertyOptional({ enum: CARRIER_IDS, description: 'Required with status shipped: the carrier, from the list in libs/contracts' })
  @Omittable()
  @IsIn(CARRIER_IDS, { message: `carrier must be one of: ${CARRIER_IDS.join(', ')}` })
  carrier?: string;
  @ApiPropertyOptional({
    example: '1Z999AA10123456784',
    description: 'Required with status shipped: 6 to 40 letters and digits (spaces and dashes are dropped, letters upper-cased)',
  })
  @Omittable()
  @IsString()
  @Transform(({ value }: { value: unknown }) => normalTrackingNumber(value))
  @Matches(TRACKING_NUMBER_PATTERN, { message: TRACKING_NUMBER_MESSAGE })
  tracking_number?: string;
}
