import type { StaffIdentity, StaffRole } from '@facet/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Verbatim } from '../../../platform/http/validation';

export class StaffLoginDto {
  @ApiProperty({ description: "The staff member's e-mail (the console calls it the username)", example: 'concierge@example.com' })
  @Verbatim()
  @IsString()
  @IsNotEmpty({ message: 'username is required' })
  @MaxLength(254)
  username: string;

  // No real credential as an example: this document is public.
  @ApiProperty({ format: 'password', example: 'your-password' })
  @Verbatim()
  @IsString()
  @IsNotEmpty({ message: 'password is required' })
  @MaxLength(200)
  password: string;
}

export class StaffView implements StaffIdentity {
  @ApiProperty() id: string;
  @ApiProperty() email: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ['admin', 'staff'] }) role: StaffRole;
}

export class StaffSession {
  @ApiProperty({ description: 'Bearer token for API clients and Swagger; browsers use the httpOnly cookie' }) token: string;
  @ApiProperty() expires_at: string;
  @ApiProperty() staff: StaffView;
}
