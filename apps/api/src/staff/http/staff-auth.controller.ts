import { Body, Controller, Get, HttpCode, Inject, Post, Put, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  ApiOperation,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FACET_CONFIG, FacetConfig } from '../../platform/config/config';
import { CurrentPrincipal, RequireStaff, SignsInOrOut } from '../../platform/auth/auth.decorators';
import { setDeviceCookie, trustedDevice } from '../../platform/auth/device-cookie';
import { GUESS_POLICY, LoginThrottle } from '../../platform/auth/login-throttle.service';
import { Principal } from '../../platform/auth/principal';
import { clearSessionCookie, setSessionCookie } from '../../platform/auth/session-cookie';
import { SessionsService } from '../../platform/auth/sessions.service';
import { BadInputError, UnauthorizedError } from '../../platform/domain/errors';
import { verifyPassword } from '../../platform/auth/passwords';
import { passwordProblem } from '../../platform/auth/password-policy';
import { SetStaffPasswordCommand } from '../commands/set-staff-password.command';
import { StaffDirectory } from '../queries/staff-directory';
import { ChangeOwnPasswordDto } from './dto/staff.dto';
import { AuthenticateStaffQuery } from '../queries/authenticate-staff.query';
import { GetStaffMemberQuery } from '../queries/get-staff-member.query';
import { StaffLoginDto, StaffSession, StaffView } from './dto/staff-login.dto';

export const WRONG_CURRENT_PASSWORD = 'The current password is not right.';
export const ADMIN_LOGIN_FAILED = 'Access Denied: Invalid administrator credentials';

@ApiTags('staff')
@Controller('staff')
export class StaffAuthController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    private readonly directory: StaffDirectory,
    private readonly sessions: SessionsService,
    private readonly throttle: LoginThrottle,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {}

  @Post('login')
  @SignsInOrOut()
  @HttpCode(200)
  @ApiOkResponse({ type: StaffSession })
  @ApiUnauthorizedResponse({ description: ADMIN_LOGIN_FAILED })
  @ApiTooManyRequestsResponse({ description: 'Too many failed attempts' })
  @ApiOperation({ summary: 'Sign a staff member in; answers the bearer token and sets the session cookie' })
  async login(
    @Body() body: StaffLoginDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StaffSession> {
    // Counted before the password is checked: a burst of guesses evaluates at most the limit. A browser that
    // signed in as this member before counts on its own, so strangers' guesses cannot lock them out.
    // A device cookie holds only while the member keeps the password it was issued under (device-cookie.ts).
    const credential = (await this.directory.byEmail(body.username))?.password_hash ?? null;
    const attempt = await this.throttle.reserveSignIn(
      'staff',
      body.username,
      request.ip,
      trustedDevice(request, 'staff', body.username, credential),
      (wait) => `Too many failed sign-in attempts. Please wait ${wait} and try again, or ask an administrator to reset your password.`,
    );
    // The session carries the role read with the password: when a role change or a removal lands before
    // the session is made, it is dropped and the member looked at again, so it never outlives the change.
    for (let look = 0; look < 3; look++) {
      const found = await this.queries.execute(new AuthenticateStaffQuery(body.username, body.password));
      if (!found) {
        // A wrong password for a member who exists marks the lock with their id, for the console's list.
        const member = await this.directory.byEmail(body.username);
        if (member) await this.throttle.failedFor(attempt, member.id);
        throw new UnauthorizedError(ADMIN_LOGIN_FAILED);
      }
      const { member } = found;
      const session = await this.sessions.createUnlessChanged('staff', member.id, member.role, found.unchanged);
      if (!session) continue;
      await this.throttle.succeeded(attempt);
      // A fresh session at every login; an older cookie on this browser is revoked.
      if (request.principal) await this.sessions.revoke(request.principal.tokenHash);
      setSessionCookie(reply, this.config, session.token, session.expiresAt);
      setDeviceCookie(reply, this.config, 'staff', body.username, credential);
      return { token: session.token, expires_at: session.expiresAt.toISOString(), staff: member };
    }
    throw new UnauthorizedError('Your account changed while you were signing in. Please sign in again.');
  }

  @Post('logout')
  @RequireStaff('staff')
  @HttpCode(200)
  @ApiOkResponse({
    description: 'The session is revoked',
    schema: { type: 'object', required: ['success'], properties: { success: { type: 'boolean', enum: [true] } } },
  })
  @ApiOperation({ summary: 'Sign the staff member out; the token and cookie stop working' })
  async logout(@CurrentPrincipal() principal: Principal, @Res({ passthrough: true }) reply: FastifyReply): Promise<{ success: true }> {
    await this.sessions.revoke(principal.tokenHash);
    clearSessionCookie(reply, this.config);
    return { success: true };
  }

  @Put('me/password')
  @RequireStaff('staff')
  @ApiOkResponse({
    description: 'The new password is set; every session of the member ends (this one too) and they sign in with it',
    schema: {
      type: 'object',
      required: ['success', 'message'],
      properties: { success: { type: 'boolean', enum: [true] }, message: { type: 'string' } },
    },
  })
  @ApiBadRequestResponse({ description: `${WRONG_CURRENT_PASSWORD} Or a weak or common new password.` })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong current passwords' })
  @ApiOperation({ summary: 'Change the signed-in staff member’s own password (the current password is required)' })
  async changePassword(
    @Body() body: ChangeOwnPasswordDto,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ success: true; message: string }> {
    // A weak new password is refused before anything is counted: only guesses at the current one are.
    const problem = passwordProblem(body.password);
    if (problem) throw new BadInputError(problem, 'password');
    // A session left open must not become a way to guess the password: tries count like sign-ins.
    const attempt = await this.throttle.reserve(
      'staff-password',
      principal.id,
      request.ip,
      GUESS_POLICY,
      (wait) => `Too many wrong passwords. Please wait ${wait} and try again.`,
    );
    const member = await this.directory.credentialsById(principal.id);
    if (!member) throw new UnauthorizedError('This staff account no longer exists.');
    if (!(await verifyPassword(member.password_hash, body.current_password)))
      throw new BadInputError(WRONG_CURRENT_PASSWORD, 'current_password');
    await this.commands.execute(new SetStaffPasswordCommand(principal.id, body.password));
    await this.throttle.succeeded(attempt);
    clearSessionCookie(reply, this.config);
    return { success: true, message: 'Password changed. Please sign in again with your new password.' };
  }

  @Get('me')
  @RequireStaff('staff')
  @ApiOkResponse({ type: StaffView })
  @ApiOperation({ summary: 'The signed-in staff member' })
  async me(@CurrentPrincipal() principal: Principal): Promise<StaffView> {
    const member = await this.queries.execute(new GetStaffMemberQuery(principal.id));
    if (!member) throw new UnauthorizedError('This staff account no longer exists.');
    return { id: member.id, email: member.email, name: member.name, role: member.role };
  }
}
