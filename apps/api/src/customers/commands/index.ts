import { DeleteCustomerHandler } from './delete-customer.handler';
import { RegisterCustomerHandler } from './register-customer.handler';
import { RequestPasswordResetHandler } from './request-password-reset.handler';
import { ResendVerificationHandler } from './resend-verification.handler';
import { ResetPasswordHandler } from './reset-password.handler';
import { UpdateProfileHandler } from './update-profile.handler';
import { VerifyEmailHandler } from './verify-email.handler';

export const COMMAND_HANDLERS = [
  RegisterCustomerHandler,
  VerifyEmailHandler,
  ResendVerificationHandler,
  RequestPasswordResetHandler,
  ResetPasswordHandler,
  UpdateProfileHandler,
  DeleteCustomerHandler,
];
