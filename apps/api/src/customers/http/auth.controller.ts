import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { CurrentPrincipal, Public, RequireCustomer, SignsInOrOut } from '../../platform/auth/auth.decorators';
import { setDeviceCookie, trustedDevice } from '../../platform/auth/device-cookie';
import { GUESS_POLICY, LoginThrottle, MAIL_POLICY } from '../../platform/auth/login-throttle.service';
import { Principal } from '../../platform/auth/principal';
import { clearSessionCookie, setSessionCookie } from '../../platform/auth/session-cookie';
import { SessionsService } from '../../platform/auth/sessions.service';
import { FACET_CONFIG, FacetConfig } from '../../platform/config/config';
import { ForbiddenError, UnauthorizedError } from '../../platform/domain/errors';
import { Registration } from '../commands/register-customer.handler';
import { RegisterCustomerCommand } from '../commands/register-customer.command';
import { RequestPasswordResetCommand } from '../commands/request-password-reset.command';
import { ResendVerificationCommand } from '../commands/resend-verification.command';
import { ResetPasswordCommand } from '../commands/reset-password.command';
import { VerifyEmailCommand } from '../commands/verify-email.command';
import { INVALID_VERIFICATION, InvalidTokenError } from '../domain/customer';
import { verificationLink } from '../domain/customer-secrets';
import { AuthenticateCustomerQuery } from '../queries/authenticate-customer.query';
import { CustomerDirectory } from '../queries/customer-queries';
import { GetSignedInCustomerQuery } from '../queries/get-signed-in-customer.query';
import {
  AccountEmailDto,
  LoginDto,
  LoginResult,
  MessageResult,
  RegisterDto,
  RegisterResult,
  ResetPasswordDto,
  SessionView,
  VerifyEmailDto,
} from './dto/auth.dto';

export const USER_NOT_FOUND = 'User not found. Please check your email or register for a new account.';
export const INVALID_PASSWORD = 'Invalid password. Please try again.';
export const EMAIL_NOT_VERIFIED =
  'Please verify your email address before logging in. Check your inbox for the 8-character verification code, or request a new one.';
export const FORGOT_PASSWORD_ANSWER = "If an account exists with this email, you'll receive reset instructions.";
export const RESEND_ANSWER = 'If this email has an account waiting for verification, a new verification code is on its way.';
export const REGISTERED = 'Registration successful! Please check your email for the 8-character verification code.';
export const VERIFIED = 'Email verified successfully! You can now log in.';
export const ACCOUNT_CHANGED = 'Your account changed while you were signing in. Please sign in again.';
export const PASSWORD_RESET_DONE = 'Your password has been reset. Please log in with your new password.';
const TOO_MANY_VERIFY = (wait: string) =>
  `Too many incorrect verification attempts. Please wait ${wait} and try again, or request a new code.`;
const TOO_MANY_MAILS = (wait: string) => `Too many requests for this email. Please wait ${wait} before asking for another email.`;
const TOO_MANY_SIGN_INS = (wait: string) => `Too many failed sign-in attempts. Please wait ${wait} and try again, or reset your password.`;
const TOO_MANY_RESETS = (wait: string) =>
  `Too many incorrect reset attempts. Please wait ${wait} and try again, or ask for a new reset e-mail.`;

/** The site a mail's links point to: the caller's origin when it is one of ours, else the shop's public origin (as canonical links). */
export function linkOrigin(request: FastifyRequest, config: FacetConfig): string {
  const origin = String(request.headers?.origin ?? '').replace(/\/$/, '');
  return config.publicOrigins.includes(origin) ? origin : config.publicOrigin;
}

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly sessions: SessionsService,
    private readonly throttle: LoginThrottle,
    private readonly directory: CustomerDirectory,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {}

  @Post('register')
  @Public()
  @ApiCreatedResponse({ type: RegisterResult })
  @ApiBadRequestResponse({ description: 'Invalid e-mail, weak or common password' })
  @ApiConflictResponse({ description: 'The e-mail already has an account (verified or not)' })
  @ApiTooManyRequestsResponse({ description: TOO_MANY_MAILS('15 minutes') })
  @ApiOperation({ summary: 'Register a customer account; a verification mail is sent' })
  async register(@Body() body: RegisterDto, @Req() request: FastifyRequest): Promise<RegisterResult> {
    // A sign-up sends a mail to the address typed in: counted like the other mail requests, so one client
    // cannot have the shop mail any number of addresses (or fill the customer list).
    await this.countMailRequest('register', body.email.trim().toLowerCase(), request.ip);
    const origin = linkOrigin(request, this.config);
    const r: Registration = await this.commands.execute(new RegisterCustomerCommand(body.email, body.password, origin));
    return {
      success: true,
      requires_verification: true,
      message: REGISTERED,
      email: r.email,
      ...(this.config.env === 'production' ? {} : { verification_link: verificationLink(origin, r.email, r.token) }),
    };
  }

  @Post('verify-email')
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: MessageResult })
  @ApiBadRequestResponse({ description: INVALID_VERIFICATION })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong codes' })
  @ApiConflictResponse({
    description: 'The account changed at the same moment (another verification, a new code); nothing was changed by this one. Try again.',
  })
  @ApiOperation({ summary: "Verify a customer's e-mail address with the token from the mail" })
  async verify(@Body() body: VerifyEmailDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const email = body.email.trim().toLowerCase();
    // Counted before the code is compared: a burst of guesses evaluates at most the limit.
    const attempt = await this.throttle.reserve('verify', email, request.ip, GUESS_POLICY, TOO_MANY_VERIFY);
    try {
      await this.commands.execute(new VerifyEmailCommand(email, body.token ?? body.code ?? ''));
    } catch (err) {
      if (!(err instanceof InvalidTokenError)) throw err;
      reply.status(400);
      return { success: false, detail: err.message, message: err.message };
    }
    await this.throttle.succeeded(attempt);
    return { success: true, message: VERIFIED };
  }

  /**
   * Mail-sending requests count per address and per client (5 and 30 in 15 minutes), whether or not the
   * account exists, so nobody can flood an inbox and the answer still tells nothing about the account.
   */
  private async countMailRequest(scope: string, email: string, ip: string): Promise<void> {
    await this.throttle.reserve(scope, email, ip, MAIL_POLICY, TOO_MANY_MAILS);
  }

  @Post('resend-verification')
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: MessageResult, description: 'The same answer whether or not the account exists' })
  @ApiTooManyRequestsResponse({ description: TOO_MANY_MAILS('15 minutes') })
  @ApiOperation({ summary: 'Send the verification mail again' })
  async resend(@Body() body: AccountEmailDto, @Req() request: FastifyRequest): Promise<MessageResult> {
    const email = body.email.trim().toLowerCase();
    await this.countMailRequest('resend', email, request.ip);
    await this.commands.execute(new ResendVerificationCommand(email, linkOrigin(request, this.config)));
    return { success: true, message: RESEND_ANSWER };
  }

  @Post('forgot-password')
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: MessageResult, description: 'The same answer whatever the outcome' })
  @ApiTooManyRequestsResponse({ description: TOO_MANY_MAILS('15 minutes') })
  @ApiOperation({ summary: 'Send a password reset mail (answers the same whether or not the address is known)' })
  async forgot(@Body() body: AccountEmailDto, @Req() request: FastifyRequest): Promise<MessageResult> {
    const email = body.email.trim().toLowerCase();
    await this.countMailRequest('reset', email, request.ip);
    await this.commands.execute(new RequestPasswordResetCommand(email, linkOrigin(request, this.config)));
    return { success: true, message: FORGOT_PASSWORD_ANSWER };
  }

  @Post('reset-password')
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: MessageResult })
  @ApiBadRequestResponse({ description: 'Invalid, expired or used token, or a weak password' })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong tokens from this address for this e-mail' })
  @ApiConflictResponse({
    description:
      'The account changed at the same moment (the token used by another request, a new reset); nothing was changed by this one.',
  })
  @ApiOperation({ summary: 'Set a new password with the token from the reset mail' })
  async reset(@Body() body: ResetPasswordDto, @Req() request: FastifyRequest): Promise<MessageResult> {
    const email = body.email.trim().toLowerCase();
    // Reset tokens are long random secrets: guesses are counted per e-mail and address pair (and per address),
    // so nobody elsewhere can use up the owner's tries and keep them from resetting.
    const attempt = await this.throttle.reserve('reset-token', `${email}\u0000${request.ip}`, request.ip, GUESS_POLICY, TOO_MANY_RESETS);
    await this.commands.execute(new ResetPasswordCommand(email, body.token, body.password));
    await this.throttle.succeeded(attempt);
    // The owner proved who they are: whatever someone did to the sign-in window is forgotten.
    await this.throttle.clearAccount('customer', email);
    return { success: true, message: PASSWORD_RESET_DONE };
  }

  @Post('login')
  @SignsInOrOut()
  @HttpCode(200)
  @ApiOkResponse({ type: LoginResult })
  @ApiUnauthorizedResponse({ description: `${USER_NOT_FOUND} / ${INVALID_PASSWORD}` })
  @ApiForbiddenResponse({ description: 'The e-mail is not verified yet' })
  @ApiTooManyRequestsResponse({ description: 'Too many failed attempts for this account or address' })
  @ApiOperation({ summary: 'Sign a customer in; answers the bearer token and sets the session cookie' })
  async login(
    @Body() body: LoginDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<LoginResult> {
    const email = body.email.trim().toLowerCase();
    // Counted before the password is checked: a burst of guesses evaluates at most the limit. A browser that
    // signed in to this account before counts on its own, so strangers' guesses cannot lock the owner out.
    // A device cookie holds only while the account keeps the password it was issued under (device-cookie.ts).
    const credential = (await this.directory.byEmail(email))?.password_hash ?? null;
    const device = trustedDevice(request, 'customer', email, credential);
    const attempt = await this.throttle.reserveSignIn('customer', email, request.ip, device, TOO_MANY_SIGN_INS);
    // The password is checked against a moment's read of the account: when a reset or an erasure lands
    // before the session is made, the session is dropped and the account looked at again (its new state
    // answers), so nobody keeps a session the change was meant to end.
    for (let look = 0; look < 3; look++) {
      const signIn = await this.queries.execute(new AuthenticateCustomerQuery(email, body.password));
      if (signIn.outcome === 'unknown-email') throw new UnauthorizedError(USER_NOT_FOUND);
      if (signIn.outcome === 'wrong-password') {
        await this.throttle.failedFor(attempt, signIn.customerId);
        throw new UnauthorizedError(INVALID_PASSWORD);
      }
      if (signIn.outcome === 'unverified') throw new ForbiddenError(EMAIL_NOT_VERIFIED);
      const { user } = signIn;
      const session = await this.sessions.createUnlessChanged('customer', user.id, 'customer', signIn.unchanged);
      if (!session) continue;
      await this.throttle.succeeded(attempt);
      // A fresh session at every login; the one this browser had is revoked.
      if (request.principal) await this.sessions.revoke(request.principal.tokenHash);
      setSessionCookie(reply, this.config, session.token, session.expiresAt);
      setDeviceCookie(reply, this.config, 'customer', email, credential);
      return { success: true, message: 'Login successful', token: session.token, expires_at: session.expiresAt.toISOString(), user };
    }
    throw new UnauthorizedError(ACCOUNT_CHANGED);
  }

  @Post('logout')
  @SignsInOrOut()
  @HttpCode(200)
  @ApiOkResponse({ type: MessageResult, description: 'The session is revoked and the cookie cleared' })
  @ApiOperation({ summary: 'Sign the customer out' })
  async logout(@CurrentPrincipal() principal: Principal | null, @Res({ passthrough: true }) reply: FastifyReply): Promise<MessageResult> {
    if (principal) await this.sessions.revoke(principal.tokenHash);
    clearSessionCookie(reply, this.config);
    return { success: true, message: 'Logged out' };
  }

  @Get('session')
  @RequireCustomer()
  @ApiOkResponse({ type: SessionView })
  @ApiOperation({ summary: "The signed-in customer's session" })
  async session(@CurrentPrincipal() principal: Principal): Promise<SessionView> {
    const user = await this.queries.execute(new GetSignedInCustomerQuery(principal.id));
    if (!user) throw new UnauthorizedError();
    return { user };
  }
}
