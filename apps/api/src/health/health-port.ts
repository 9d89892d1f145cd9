import { INestApplicationContext } from '@nestjs/common';
import { createServer, Server } from 'http';
import { DatabaseService } from '../platform/database/database.service';
import { EVENT_STORE, EventStore } from '../platform/event-store/event-store';
import { withinDeadline } from './probe-deadline';

/**
 * A process without the api role serves no HTTP. When HEALTH_PORT is set it answers liveness checks there
 * (GET /health: 200 while PostgreSQL and the event store answer, else 503), and nothing else, so an
 * orchestrator can watch projector and worker processes without them taking the shop's port.
 */
export function serveHealthPort(app: INestApplicationContext, port: number, host: string): Promise<Server> {
  const db = app.get(DatabaseService);
  const store = app.get<EventStore>(EVENT_STORE);
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || (path !== '/health' && path !== '/')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'Only GET /health is served here.' }));
      return;
    }
    withinDeadline(Promise.all([db.probe(), store.ping()]), 2000, 'timed out after 2 s').then(
      () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok' })),
      (err: Error) =>
        res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'down', error: err.message })),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
