/** Settings of customer accounts, from the environment (tests shorten the lifetimes). */
export interface CustomersConfig {
  /** How long a verification link and code stay valid (VERIFICATION_TTL_SECONDS, default 24 h). */
  verificationTtlSeconds: number;
  /** How long a password-reset link stays valid (PASSWORD_RESET_TTL_SECONDS, default 1 h). */
  passwordResetTtlSeconds: number;
}

export const CUSTOMERS_CONFIG = Symbol('CUSTOMERS_CONFIG');

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

export function loadCustomersConfig(env: NodeJS.ProcessEnv = process.env): CustomersConfig {
  return {
    verificationTtlSeconds: positive(env.VERIFICATION_TTL_SECONDS, 24 * 3600),
    passwordResetTtlSeconds: positive(env.PASSWORD_RESET_TTL_SECONDS, 3600),
  };
}
