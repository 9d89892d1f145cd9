import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsObject, IsOptional, IsString, IsUUID, MaxLength, ValidateIf, ValidateNested } from 'class-validator';

export class CheckoutMetadataDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) customer_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(40) phone?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) address?: string;
}

export class CreateCheckoutSessionDto {
  @ApiProperty({ example: 'http://localhost:3000', description: "The storefront's origin; must be one of the shop's own addresses" })
  @IsString()
  @MaxLength(300)
  origin_url: string;
  @ApiProperty({ format: 'uuid' }) @IsUUID('all', { message: 'order_id must be an order id' }) order_id: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(254) user_email?: string;
  @ApiPropertyOptional({ type: CheckoutMetadataDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => CheckoutMetadataDto)
  metadata?: CheckoutMetadataDto;
}

export class CheckoutSessionDto {
  @ApiProperty({ description: 'The hosted checkout page' }) url: string;
  @ApiProperty() session_id: string;
  @ApiProperty({
    enum: ['sandbox', 'stripe'],
    description: "The shop's payment provider (PAYMENT_PROVIDER): only the sandbox's session may be paid on the storefront's own page",
  })
  provider: string;
}

export class CheckoutStatusMetadataDto {
  @ApiProperty({ format: 'uuid' }) order_id: string;
}

export class CheckoutStatusDto {
  @ApiProperty() session_id: string;
  @ApiProperty({ enum: ['paid', 'unpaid'] }) payment_status: string;
  @ApiProperty({ enum: ['open', 'complete', 'expired'] }) status: string;
  @ApiProperty({ description: 'Cents, as card providers report it' }) amount_total: number;
  @ApiProperty({ example: 'usd' }) currency: string;
  @ApiProperty({ type: CheckoutStatusMetadataDto }) metadata: CheckoutStatusMetadataDto;
  @ApiProperty({ type: String, nullable: true }) failure_reason: string | null;
}

export class SandboxPayDto {
  @ApiProperty({ enum: ['card', 'bank_transfer'] }) @IsIn(['card', 'bank_transfer']) method: 'card' | 'bank_transfer';
  @ApiPropertyOptional({ example: '4242 4242 4242 4242' })
  @ValidateIf((o: SandboxPayDto) => o.method === 'card')
  @IsString()
  @MaxLength(23)
  card_number?: string;
  @ApiPropertyOptional({ example: '12/30' })
  @ValidateIf((o: SandboxPayDto) => o.method === 'card')
  @IsString()
  @MaxLength(7)
  expiry?: string;
  @ApiPropertyOptional({ example: '123' }) @ValidateIf((o: SandboxPayDto) => o.method === 'card') @IsString() @MaxLength(4) cvv?: string;
  @ApiPropertyOptional() @ValidateIf((o: SandboxPayDto) => o.method === 'card') @IsString() @MaxLength(100) name?: string;
  @ApiPropertyOptional({ example: 'facet-demo-checking' })
  @ValidateIf((o: SandboxPayDto) => o.method === 'bank_transfer')
  @IsString()
  @MaxLength(100)
  account_id?: string;
}

export class SandboxPayResultDto {
  @ApiProperty() success: boolean;
  @ApiProperty({ enum: ['paid', 'declined'] }) payment_status: string;
  @ApiProperty() session_id: string;
  @ApiProperty({ format: 'uuid' }) order_id: string;
  @ApiProperty({ description: 'Dollars' }) amount: number;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ enum: ['card', 'bank_transfer'] }) payment_method: string;
  @ApiProperty({ description: 'Where the storefront goes next' }) redirect_url: string;
  @ApiProperty() message: string;
}

export class DemoBankDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ['checking', 'savings'] }) type: string;
  @ApiProperty({ description: 'Dollars' }) balance: number;
}
