import { RunnersService } from '../platform/projections/runners.service';
import { cliContext } from './context';

/**
 * npm run replay: rebuilds every read model from the event log into fresh tables and swaps them in.
 * Running shops keep serving meanwhile; `-- --compare` also counts rows that differ from the live tables.
 */
async function main(): Promise<void> {
  const app = await cliContext('api');
  let last = 0;
  const result = await app.get(RunnersService).replay({
    compare: process.argv.includes('--compare'),
    onProgress: (p) => {
      if (Date.now() - last > 1000 || p.phase === 'done') {
        last = Date.now();
        console.log(`${p.phase}${p.projection ? ` ${p.projection}` : ''}: ${p.events} events (${p.eventsPerSecond}/s)`);
      }
    },
  });
  console.log(`replayed ${result.events} events in ${result.seconds.toFixed(2)} s: ${result.eventsPerSecond} events/s`);
  if (result.differences) console.log('rows differing from the live tables before the swap:', result.differences);
  await app.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
