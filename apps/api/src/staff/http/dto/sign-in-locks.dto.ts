import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PageQueryDto } from '../../../platform/http/page-query.dto';
import { SIGN_IN_ACCOUNTS, SignInAccount } from '../../domain/sign-in-lock';

export class ListSignInLocksQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: SIGN_IN_ACCOUNTS, description: 'Only customers’ or only staff members’ locks' })
  @IsOptional()
  @IsIn(SIGN_IN_ACCOUNTS, { message: `account must be one of: ${SIGN_IN_ACCOUNTS.join(', ')}` })
  account?: SignInAccount;
}

export class SignInLockDto {
  @ApiProperty({ description: '`<account>:<account_id>`', example: 'customer:3f0c9a8e-5b1d-4c2e-9f4a-1d2b3c4d5e6f' }) id: string;
  @ApiProperty({ enum: SIGN_IN_ACCOUNTS }) account: string;
  @ApiProperty({ format: 'uuid', description: 'The customer’s or staff member’s id' }) account_id: string;
  @ApiProperty({ description: 'Empty once a customer is erased' }) email: string;
  @ApiProperty() name: string;
  @ApiProperty({ format: 'date-time', description: 'When the lock ends by itself' }) locked_until: string;
  @ApiProperty({ description: 'Unknown clients are locked out; a browser that signed in to the account before still may' })
  unknown_clients: boolean;
  @ApiProperty({ description: 'How many of the account’s own browsers locked themselves with wrong passwords' }) devices: number;
}

export class SignInLockListDto {
  @ApiProperty({ type: [SignInLockDto] }) items: SignInLockDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}
