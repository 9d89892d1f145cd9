// The projector thread (projector-thread.ts): the shop's projections in a Nest context of their own, as a
// process with FACET_ROLES=projector runs them. Its environment is a copy of the process's.
// First: this thread's own tracing (when configured), before its modules load.
import '../tracing/start-tracing';
import { parentPort } from 'worker_threads';
import { shopContext } from '../../app-context';
import { EVENT_STORE, EventStore } from '../event-store/event-store';
import type { ProjectorThreadMessage, ToProjectorThread } from './projector-thread';
import { RunnersService } from './runners.service';

async function run(port: NonNullable<typeof parentPort>): Promise<void> {
  const send = (m: ProjectorThreadMessage) => port.postMessage(m);
  let app: Awaited<ReturnType<typeof shopContext>>;
  try {
    app = await shopContext('projector');
  } catch (err) {
    send({ kind: 'failed', message: err instanceof Error ? err.message : String(err) });
    return;
  }
  send({ kind: 'ready' });
  // The API's health page counts events parked since the start: this thread's count goes with it.
  const runners = app.get(RunnersService);
  let told = 0;
  const parked = setInterval(() => {
    if (runners.parkedSinceStart === told) return;
    told = runners.parkedSinceStart;
    send({ kind: 'parked', sinceStart: told });
  }, 1000);
  parked.unref();
  const store = app.get<EventStore>(EVENT_STORE);
  port.on('message', (m: ToProjectorThread) => {
    if (m !== 'close') {
      store.wakeReaders(m.types);
      return;
    }
    clearInterval(parked);
    void app
      .close()
      .catch(() => undefined)
      .then(() => {
        send({ kind: 'closed' });
        port.close();
      });
  });
}

if (parentPort) void run(parentPort);
