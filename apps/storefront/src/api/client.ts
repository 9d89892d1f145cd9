/**
 * The one way the storefront talks to the API: base /api, JSON, a 10 s time-out, same-origin cookies and
 * the X-Requested-With header the server checks on cookie-authenticated writes (CSRF defence).
 * Failures become an ApiError carrying the spec's message (section 8, API helper); they are logged, then rethrown.
 */
export const API_BASE = '/api';
export const API_TIMEOUT_MS = 10_000;

export const MESSAGES = {
  notFound: 'Resource not found',
  server: 'Server error. Please try again later.',
  generic: 'Something went wrong. Please try again.',
} as const;

export type ApiErrorKind = 'http' | 'network' | 'timeout';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly kind: ApiErrorKind,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get isNotFound(): boolean {
    return this.status === 404;
  }
}

/** The message for a failed response, in the spec's order: 404, >= 500, body.detail, generic. */
export function errorMessageFor(status: number, body: unknown): string {
  if (status === 404) return MESSAGES.notFound;
  if (status >= 500) return MESSAGES.server;
  const detail = body && typeof body === 'object' ? (body as { detail?: unknown }).detail : undefined;
  if (typeof detail === 'string' && detail.trim()) return detail;
  return MESSAGES.generic;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return API_BASE + path + (qs ? '?' + qs : '');
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort);

  const url = buildUrl(path, options.query);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'facet',
    ...options.headers,
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        credentials: 'same-origin',
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: controller.signal,
      });
    } catch (cause) {
      if (options.signal?.aborted) throw cause; // the caller cancelled: not an error to report
      const error = new ApiError(MESSAGES.generic, 0, timedOut ? 'timeout' : 'network');
      console.error(`API ${method} ${url} failed:`, timedOut ? 'timed out' : cause);
      throw error;
    }

    const text = await response.text();
    let body: unknown = undefined;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    if (!response.ok) {
      const error = new ApiError(errorMessageFor(response.status, body), response.status, 'http', body);
      console.error(`API ${method} ${url} failed with ${response.status}:`, error.message);
      throw error;
    }
    return body as T;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/** True when an error is the caller's own cancellation (component unmounted, query changed). */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** A random v4 UUID, also where crypto.randomUUID is unavailable (plain http on a LAN address). */
export function newUuid(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
