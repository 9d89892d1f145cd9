/** An API failure as react-admin expects it: a message to show, the status and the body. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const CONFLICT_MESSAGE = 'Someone else saved this record first. Reload it to see their changes, then edit again.';
export const SERVER_ERROR_MESSAGE = 'Server error. Please try again later.';
export const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

/** The spec's API helper rules: 404, 5xx, the body's detail, else the fallback; a stale write names the conflict. */
export function errorFor(status: number, body: any): ApiError {
  const detail = body && typeof body === 'object' && typeof body.detail === 'string' ? body.detail : null;
  let message: string;
  if (status === 409) message = detail ?? CONFLICT_MESSAGE;
  else if (status === 404) message = 'Resource not found';
  else if (status >= 500) message = SERVER_ERROR_MESSAGE;
  else message = detail ?? FALLBACK_MESSAGE;
  return new ApiError(message, status, body);
}
