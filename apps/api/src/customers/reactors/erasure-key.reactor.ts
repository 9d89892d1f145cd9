import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CUSTOMER_DELETED, type CustomerDeleted } from '@facet/contracts';
import { DelayedError, Job } from 'bullmq';
import { FACET_CONFIG, FacetConfig } from '../../platform/config/config';
import { DatabaseService } from '../../platform/database/database.service';
import { positionFromString, positionToString, RecordedEvent } from '../../platform/event-store/event-store';
import { PROJECTION_STATUS, ReadYourWrites } from '../../platform/event-store/event-sourcing.service';
import { PersonalData } from '../../platform/privacy/personal-data';
import { queueDelayedJob, startDelayedJobWorker } from '../../platform/queue/delayed-jobs';
import { Queues } from '../../platform/queue/queues.service';
import { EventReactor, Reactor } from '../../platform/queue/reactor';
import { CUSTOMERS_CONFIG, CustomersConfig } from '../customers.config';
import { erasureSubject } from '../domain/customer';

export const ERASURE_KEY_QUEUE = 'erasure-key';
const ERASURE_KEY_JOB = { queue: ERASURE_KEY_QUEUE, name: 'delete-erasure-key', kind: 'erasure-key' };

/** Which CustomerDeleted, and where it is in the log: no personal data. */
interface ErasureKeyJob {
  customer_id: string;
  event_id: string;
  position: string;
  occurred_at: string;
}

/** Each CustomerDeleted gets one job (its id carries the event id) that deletes the erasure's key. */
@Injectable()
@EventReactor()
export class ErasureKeyReactor implements Reactor<CustomerDeleted> {
  readonly name = 'erasure-key';
  readonly eventTypes = [CUSTOMER_DELETED] as const;

  constructor(private readonly queues: Queues) {}

  async react(event: RecordedEvent<CustomerDeleted>): Promise<void> {
    const job: ErasureKeyJob = {
      customer_id: event.data.customer_id,
      event_id: event.metadata.eventId,
      position: positionToString(event.position),
      occurred_at: event.metadata.occurredAt,
    };
    await queueDelayedJob<ErasureKeyJob>(this.queues, ERASURE_KEY_JOB, event, job, 0);
  }
}

/**
 * Deletes an erasure's key (erasureSubject) once every read model that handles CustomerDeleted has passed
 * the event without parking it: they have purged the guest's rows with the guest subjects it names, and
 * from then on those read ERASED for everyone, replays included, so the log no longer tells whoever holds
 * the privacy secret that the address was erased. Until then the job is delayed and asks again; a read
 * model that parked the event or stopped is waited for at most erasureKeyMaxWaitMs (logged: staff
 * retrying the parked event afterwards purges the account's rows, not the guest's).
 */
@Injectable()
export class ErasureKeyWorker implements OnApplicationBootstrap {
  private readonly logger = new Logger('ErasureKey');

  constructor(
    private readonly queues: Queues,
    private readonly privacy: PersonalData,
    private readonly db: DatabaseService,
    @Inject(PROJECTION_STATUS) private readonly status: ReadYourWrites,
    @Inject(CUSTOMERS_CONFIG) private readonly settings: CustomersConfig,
    @Inject(FACET_CONFIG) private readonly config: FacetConfig,
  ) {}

  onApplicationBootstrap(): void {
    startDelayedJobWorker<ErasureKeyJob>(this.config, this.queues, ERASURE_KEY_QUEUE, (job, token) => this.process(job, token), 2);
  }

  async process(job: Job<ErasureKeyJob>, token?: string): Promise<string> {
    const { customer_id, occurred_at } = job.data;
    if (!(await this.readModelsPassed(job.data))) {
      const waited = Date.now() - Date.parse(occurred_at);
      if (!(waited >= this.settings.erasureKeyMaxWaitMs)) {
        await job.moveToDelayed(Date.now() + this.settings.erasureKeyRecheckMs, token);
        throw new DelayedError();
      }
      this.logger.warn(
        `erasure of customer ${customer_id}: a read model has not passed its CustomerDeleted (event ${job.data.event_id}) ` +
          `after ${Math.round(waited / 1000)} s; deleting the erasure's key anyway (see Parked events)`,
      );
    }
    // For good: nothing is ever sealed under this erasure's subject again.
    await this.privacy.erase(erasureSubject(customer_id), true);
    return 'deleted';
  }

  /** Every projection handling CustomerDeleted has its checkpoint at or past the event, and none parked it. */
  private async readModelsPassed(job: ErasureKeyJob): Promise<boolean> {
    if (!(await this.status.waitFor(positionFromString(job.position), [CUSTOMER_DELETED], 5000))) return false;
    const parked = await this.db.pool.query(`SELECT 1 FROM public.parked_events WHERE event_id = $1 AND consumer LIKE 'projection:%'`, [
      job.event_id,
    ]);
    return parked.rowCount === 0;
  }
}
