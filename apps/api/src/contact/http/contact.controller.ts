import { Body, Controller, Headers, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiHeader, ApiTags, ApiTooManyRequestsResponse, ApiOperation } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentPrincipal, Public } from '../../platform/auth/auth.decorators';
import { Principal } from '../../platform/auth/principal';
import { IdempotencyService } from '../../platform/http/idempotency.service';
import { SendContactMessageCommand } from '../commands/send-contact-message.command';
import { ContactSentDto, SendContactMessageDto } from './dto/contact.dto';

export const CONTACT_SENT = "Message sent successfully! We'll get back to you within 24 hours.";

@ApiTags('contact')
@Controller('contact')
export class ContactController {
  constructor(
    private readonly commands: CommandBus,
    private readonly idempotency: IdempotencyService,
  ) {}

  @Post()
  @Public()
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Repeats with the same key send one message (and count once)' })
  @ApiCreatedResponse({ type: ContactSentDto })
  @ApiBadRequestResponse({ description: 'A required field is missing, too long, or the e-mail or phone is not valid' })
  @ApiTooManyRequestsResponse({ description: 'More than 5 messages from this address in 10 minutes' })
  @ApiOperation({ summary: 'Send a message through the contact form' })
  send(
    @Body() dto: SendContactMessageDto,
    @Req() request: FastifyRequest,
    @CurrentPrincipal() principal: Principal | null,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<ContactSentDto> {
    const scope = IdempotencyService.callerScope('contact', principal, dto.email);
    return this.idempotency.run(scope, idempotencyKey, dto, (attempt) => this.execute(dto, request, principal, attempt?.id ?? null));
  }

  private async execute(
    dto: SendContactMessageDto,
    request: FastifyRequest,
    principal: Principal | null,
    messageId: string | null,
  ): Promise<ContactSentDto> {
    const phone = dto.phone?.trim() ? dto.phone.trim() : null;
    await this.commands.execute(
      new SendContactMessageCommand(
        { name: dto.name.trim(), email: dto.email.trim().toLowerCase(), phone, subject: dto.subject.trim(), message: dto.message },
        principal?.kind === 'customer' ? principal.id : null,
        String(request.ip ?? 'unknown'),
        messageId,
      ),
    );
    return { success: true, message: CONTACT_SENT };
  }
}
