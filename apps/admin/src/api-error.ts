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
export function errorFor(status: number, body: unknown): ApiError {
  const detail = body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string' ? body.detail : null;
  let message: string;
  if (status === 409) message = detail ?? CONFLICT_MESSAGE;
  else if (status === 404) message = 'Resource not found';
  else if (status >= 500) message = SERVER_ERROR_MESSAGE;
  else message = detail ?? FALLBACK_MESSAGE;
  return new ApiError(message, status, body);
}

/**
 * A bulk action that failed for some records: which ones and why (each id with the API's own message), and
 * which went through. react-admin shows the message; the list keeps the failed rows selected.
 */
export class BulkActionError extends Error {
  constructor(
    readonly succeeded: (string | number)[],
    readonly failed: { id: string | number; message: string }[],
  ) {
    const total = succeeded.length + failed.length;
    const shortId = (id: string | number) => String(id).slice(0, 8);
    const shown = failed
      .slice(0, 5)
      .map((f) => `${shortId(f.id)}: ${f.message}`)
      .join('; ');
    const more = failed.length > 5 ? `; and ${failed.length - 5} more` : '';
    super(`${failed.length} of ${total} failed (${shown}${more}).${succeeded.length ? ` ${succeeded.length} done.` : ''}`);
    this.name = 'BulkActionError';
  }
}
