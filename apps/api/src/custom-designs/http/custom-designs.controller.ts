import { Body, Controller, Get, Headers, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal, Public, RequireCustomer } from '../../platform/auth/auth.decorators';
import { Principal } from '../../platform/auth/principal';
import { IdempotencyService } from '../../platform/http/idempotency.service';
import { createdBetween } from '../../platform/http/page-query.dto';
import { paging, sorting, withTotalCount } from '../../platform/http/list-endpoint';
import { SubmittedCustomDesign } from '../commands/submit-custom-design.handler';
import { SubmitCustomDesignCommand } from '../commands/submit-custom-design.command';
import { CustomDesignPage, ListCustomDesignsQuery } from '../queries/custom-design-queries';
import { CustomDesignPageDto, ListCustomDesignsQueryDto, SubmitCustomDesignDto, SubmittedCustomDesignDto } from './dto/custom-design.dto';

export const CUSTOM_DESIGN_RECEIVED =
  'Your Vision Has Been Received: Our master craftsmen will contact you within 24 hours to bring your dream to life.';

function blankToNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value.trim() === '' ? null : value.trim();
}

@ApiTags('custom designs')
@Controller()
export class CustomDesignsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly idempotency: IdempotencyService,
  ) {}

  /** The custom design wizard's request. A signed-in customer's request is recorded under their account. */
  @Post('custom-design')
  @Public()
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'Repeats with the same key answer the first response and record one request',
  })
  @ApiCreatedResponse({ type: SubmittedCustomDesignDto })
  @ApiBadRequestResponse({ description: 'A field is missing or not one of the spec’s values, or the image is too large or not a JPEG/PNG' })
  @ApiOperation({ summary: 'Request a custom design, optionally with a sketch or photo' })
  submit(
    @Body() dto: SubmitCustomDesignDto,
    @CurrentPrincipal() principal: Principal | null,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<SubmittedCustomDesignDto> {
    const scope = IdempotencyService.callerScope('custom-design', principal, dto.contact_email);
    return this.idempotency.run(scope, idempotencyKey, dto, (attempt) => this.execute(dto, principal, attempt?.id ?? null));
  }

  private async execute(
    dto: SubmitCustomDesignDto,
    principal: Principal | null,
    designId: string | null,
  ): Promise<SubmittedCustomDesignDto> {
    const submitted: SubmittedCustomDesign = await this.commands.execute(
      new SubmitCustomDesignCommand(
        {
          category: dto.category,
          jewelry_type: dto.jewelry_type,
          diamond_shape: dto.diamond_shape,
          diamond_size: dto.diamond_size,
          metal_type: dto.metal_type,
          metal_karat: dto.metal_karat,
          preferred_contact: dto.preferred_contact ?? 'email',
          contact_name: dto.contact_name.trim(),
          contact_email: dto.contact_email.trim().toLowerCase(),
          contact_phone: blankToNull(dto.contact_phone),
          design_notes:
            dto.design_notes === undefined || dto.design_notes === null || dto.design_notes.trim() === '' ? null : dto.design_notes,
        },
        dto.design_image ? dto.design_image : null,
        principal?.kind === 'customer' ? principal.id : null,
        designId,
      ),
    );
    return { success: true, ...submitted, message: CUSTOM_DESIGN_RECEIVED };
  }

  /** The signed-in customer's own requests, newest first, with their statuses. */
  @Get('custom-designs/mine')
  @RequireCustomer()
  @ApiOkResponse({ type: CustomDesignPageDto })
  @ApiOperation({ summary: "The signed-in customer's custom design requests" })
  async mine(
    @CurrentPrincipal() principal: Principal,
    @Query() q: ListCustomDesignsQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CustomDesignPage> {
    const page = await withTotalCount<CustomDesignPage>(
      reply,
      this.queries.execute(
        new ListCustomDesignsQuery({
          customerId: principal.id,
          status: q.status,
          q: q.q,
          ...createdBetween(q),
          ...paging(q),
          ...sorting(q, 'created_at'),
        }),
      ),
    );
    // Staff-only links are not the customer's business.
    return { ...page, items: page.items.map((i) => ({ ...i, image_url: null })) };
  }
}
