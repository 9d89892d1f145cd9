import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { Observable } from 'rxjs';
import { runWithContext } from '../context/request-context';
import { Actor } from '../event-store/event-store';

const CORRELATION = /^[A-Za-z0-9._-]{1,100}$/;

/** Runs each request's handler with its actor and correlation id, which every event it appends records. */
@Injectable()
export class ContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest();
    const reply = context.switchToHttp().getResponse();
    const principal = request.principal;
    const actor: Actor = principal ? { type: principal.kind, id: principal.id } : { type: 'anonymous' };
    const given = request.headers['x-correlation-id'];
    const correlationId = typeof given === 'string' && CORRELATION.test(given) ? given : randomUUID();
    reply.header?.('x-correlation-id', correlationId);
    return new Observable((subscriber) =>
      runWithContext({ actor, correlationId, causationId: null }, () => next.handle().subscribe(subscriber)),
    );
  }
}
