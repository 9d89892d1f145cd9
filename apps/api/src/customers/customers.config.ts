/** Settings of customer accounts, from the environment (tests shorten the lifetimes). */
export interface CustomersConfig {
  /** How long a verification link and code stay valid (VERIFICATION_TTL_SECONDS, default 24 h). */
  verificationTtlSeconds: number;
  /** How long a password-reset link stays valid (PASSWORD_RESET_TTL_SECONDS, default 1 h). */
  passwordResetTtlSeconds: number;
  /**
   * How often an erasure's key asks again whether every read model has passed its CustomerDeleted
   * (ERASURE_KEY_RECHECK_MS, default 30 s), and how long it waits for one that has parked it or stopped
   * before it is deleted anyway (ERASURE_KEY_MAX_WAIT_MS, default 1 h).
   */
  erasureKeyRecheckMs: number;
  erasureKeyMaxWaitMs: number;
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
    erasureKeyRecheckMs: positive(env.ERASURE_KEY_RECHECK_MS, 30_000),
    erasureKeyMaxWaitMs: positive(env.ERASURE_KEY_MAX_WAIT_MS, 3600_000),
  };
}
