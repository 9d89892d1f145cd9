import { ConcurrencyError } from '../event-store/event-store';

/**
 * Domain errors, mapped to HTTP in exactly one place (http-exception.filter.ts).
 * Messages are written for the person who sees them.
 */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: { field: string; message: string }[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Resource not found') {
    super(404, message);
  }
}

export class BadInputError extends DomainError {
  constructor(message: string, field?: string) {
    super(400, message, field ? [{ field, message }] : undefined);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super(409, message);
  }
}

/** A conflict either way: the rules refused (ConflictError) or another writer appended first (ConcurrencyError). */
export function isConflict(err: unknown): boolean {
  return err instanceof ConflictError || err instanceof ConcurrencyError;
}

export class UnauthorizedError extends DomainError {
  /**
   * `tokenEnded`: the request sent a bearer token that has expired or was revoked (RFC 6750's invalid_token,
   * in the WWW-Authenticate header), as opposed to sending none.
   */
  constructor(
    message = 'Please sign in to continue.',
    readonly tokenEnded = false,
  ) {
    super(401, message);
  }
}

/** What a request sending an expired or revoked bearer token is told, on any route that is not a sign-in. */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

export class ForbiddenError extends DomainError {
  constructor(message = 'You do not have permission to do this.') {
    super(403, message);
  }
}

export class TooManyRequestsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message);
  }
}

export class PayloadTooLargeError extends DomainError {
  constructor(message: string) {
    super(413, message);
  }
}
