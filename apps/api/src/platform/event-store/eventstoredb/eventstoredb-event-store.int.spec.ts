import { eventStoreContract } from '../event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

/**
 * The contract suite against a real EventStoreDB, e.g. `docker compose up eventstore` and
 * EVENTSTORE_URL=esdb://localhost:2113?tls=false. Streams are unique per run, so a shared server is fine.
 */
const url = process.env.EVENTSTORE_URL;

if (url) {
  eventStoreContract('EventStoreDB', async () => {
    const store = new EventStoreDbEventStore(url);
    await store.ping();
    return {
      store,
      async teardown() {
        await store.close();
      },
    };
  });
} else {
  const reason =
    'EventStoreDB contract suite skipped: EVENTSTORE_URL is not set; EventStoreDB cannot run on this machine (no Docker). ' +
    'Run `docker compose up eventstore` and set EVENTSTORE_URL=esdb://localhost:2113?tls=false to run it.';
  console.log(reason);

  describe('EventStore contract: EventStoreDB', () => {
    it('is skipped: EVENTSTORE_URL is not set', () => {
      console.log(reason);
      expect(process.env.EVENTSTORE_URL).toBeFalsy();
    });
  });
}
