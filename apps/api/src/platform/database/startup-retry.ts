import { Logger } from '@nestjs/common';
import { transientDatabaseFailure } from './database-errors';

const logger = new Logger('Startup');

/** How long a start-up step waits for PostgreSQL in all, unless STARTUP_RETRY_SECONDS says otherwise. */
export const DEFAULT_STARTUP_RETRY_SECONDS = 60;

/**
 * Runs one start-up step (migrating, loading keys, creating the first administrator), trying again with
 * backoff while PostgreSQL refuses for a passing reason ("too many clients", starting up, unreachable, busy),
 * so a shop started beside others on a full server waits its turn instead of exiting. It logs once per step,
 * and gives up with the last error after `giveUpAfterMs`. Any other error fails at once.
 */
export async function retryWhileTransient<T>(
  step: string,
  run: () => Promise<T>,
  { giveUpAfterMs = DEFAULT_STARTUP_RETRY_SECONDS * 1000, firstDelayMs = 250, maxDelayMs = 5000 } = {},
): Promise<T> {
  const deadline = Date.now() + giveUpAfterMs;
  let delay = firstDelayMs;
  let logged = false;
  for (;;) {
    try {
      return await run();
    } catch (err) {
      const why = transientDatabaseFailure(err);
      if (!why || Date.now() + delay > deadline) throw err;
      if (!logged) {
        logger.warn(
          `${step}: PostgreSQL refused (${why}: ${(err as Error).message}); retrying for up to ${Math.round(giveUpAfterMs / 1000)} s`,
        );
        logged = true;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(maxDelayMs, delay * 2);
    }
  }
}
