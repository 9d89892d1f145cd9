import type { FastifyReply } from 'fastify';
import { STATUS_CODES } from 'http';
import type { Socket } from 'net';

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (headers or URL over 16 KB, a broken
 * request line, a client that stalls) answered with the same `{ detail }` body as every other error,
 * instead of Fastify's default `{ error, message, statusCode }`.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let detail = 'Malformed HTTP request.';
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    detail = 'The request took too long to arrive.';
  } else if (err.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    detail = 'The request headers or URL are too large (over 16 KB).';
  }
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** Fastify's router errors (a path segment over 100 characters, a URL it cannot decode), with a `detail`. */
export function frameworkErrors(error: { code?: string; message?: string }, _request: unknown, reply: FastifyReply): void {
  const [status, detail] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, 'A path segment is too long (at most 100 characters).']
      : error.code === 'FST_ERR_BAD_URL'
        ? [400, 'The URL is malformed (it cannot be decoded).']
        : [400, `Malformed request: ${error.message ?? error.code ?? 'unknown problem'}`];
  reply.code(status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify({ detail }));
}
