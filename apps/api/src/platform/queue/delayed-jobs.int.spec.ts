import { randomBytes, randomUUID } from 'crypto';
import { FacetConfig, loadConfig } from '../config/config';
import { runWithContext } from '../context/request-context';
import { DatabaseService } from '../database/database.service';
import { RecordedEvent } from '../event-store/event-store';
import { queueDelayedJob, startDelayedJobWorker } from './delayed-jobs';
import { Queues } from './queues.service';

const event = (eventId: string) =>
  ({ type: 'Something', streamId: 's-1', revision: 0, data: {}, metadata: { eventId } }) as unknown as RecordedEvent;

/** The delayed-job plumbing order expiry and payment polling share, on the real Redis. */
describe('delayed jobs (Redis)', () => {
  const config: FacetConfig = { ...loadConfig({}), queuePrefix: `facet-test-${randomBytes(4).toString('hex')}`, roles: ['api'] };
  // Only removeJobsOfSubjects reads the database; these tests never call it.
  const queues = new Queues(config, null as unknown as DatabaseService);
  const job = { queue: 'delayed-jobs-test', name: 'try', kind: 'delayed-try' };

  afterAll(async () => {
    await queues.queue(job.queue).obliterate({ force: true });
    await queues.onApplicationShutdown();
  });

  it('should queue one job per event, however often it is seen, delayed and carrying the conversation', async () => {
    const eventId = randomUUID();
    const context = { actor: { type: 'system' as const, id: 'test' }, correlationId: randomUUID(), causationId: eventId };
    await runWithContext(context, async () => {
      await queueDelayedJob(queues, job, event(eventId), { order_id: 'o-1' }, 60_000);
      await queueDelayedJob(queues, job, event(eventId), { order_id: 'o-1' }, 60_000);
    });
    const delayed = await queues.queue(job.queue).getDelayed();
    const ours = delayed.filter((j) => j.id === `delayed-try-${eventId}`);
    expect(ours).toHaveLength(1);
    expect(ours[0].name).toBe('try');
    expect(ours[0].opts.delay).toBe(60_000);
    expect(ours[0].data).toEqual({ order_id: 'o-1', trace: { correlationId: context.correlationId, causationId: eventId } });
  });

  it('should run a job whose time has passed at once (no negative delay)', async () => {
    for (const delay of [-5_000, -0, -Infinity]) {
      const eventId = randomUUID();
      await queueDelayedJob(queues, job, event(eventId), { n: 1 }, delay);
      const queued = await queues.queue(job.queue).getJob(`delayed-try-${eventId}`);
      expect(queued).toBeDefined();
      expect(queued?.opts.delay ?? 0).toBe(0);
    }
  });

  it('should refuse a delay that is no time (a corrupt date), plainly and without queueing', async () => {
    for (const delay of [NaN, Infinity]) {
      const eventId = randomUUID();
      await expect(queueDelayedJob(queues, job, event(eventId), { n: 1 }, delay)).rejects.toThrow(
        `delayed-try for event ${eventId}: a delay of ${delay} ms is not a time`,
      );
      expect(await queues.queue(job.queue).getJob(`delayed-try-${eventId}`)).toBeUndefined();
    }
  });

  it('should start no worker in a process without the worker role', () => {
    const started = jest.spyOn(queues, 'worker');
    startDelayedJobWorker(config, queues, job.queue, async () => 'done', 1);
    expect(started).not.toHaveBeenCalled();
  });
});
