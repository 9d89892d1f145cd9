import { argsOrExit } from './args';

/**
 * npm run replay: rebuilds every read model from the event log into fresh tables and swaps them in.
 * Running shops keep serving meanwhile; `-- --compare` also counts rows that differ from the live tables.
 */
async function main(): Promise<void> {
  const args = argsOrExit('replay', {
    '--compare': {},
    '--reader-thread': { conflicts: ['--no-reader-thread'] },
    '--no-reader-thread': {},
    '--no-opener-thread': {},
  });
  // Loaded once the arguments are known good: a mistyped one is refused at once, not after the whole shop loads.
  const [{ RunnersService }, { cliContext }] = await Promise.all([import('../platform/projections/runners.service'), import('./context')]);
  const app = await cliContext('api');
  let last = 0;
  const result = await app.get(RunnersService).replay({
    compare: args.has('--compare'),
    // --reader-thread / --no-reader-thread: read and open the log in a worker thread or not (default: on 4+ cores).
    readerThread: args.has('--reader-thread') ? true : args.has('--no-reader-thread') ? false : undefined,
    // --no-opener-thread: decrypt personal data in the main thread (when it reads the log).
    openerThread: args.has('--no-opener-thread') ? false : undefined,
    onProgress: (p) => {
      if (Date.now() - last > 1000 || p.phase === 'done') {
        last = Date.now();
        const eta = p.etaSeconds === null ? '' : `, about ${p.etaSeconds} s left`;
        console.log(`${p.phase}${p.projection ? ` ${p.projection}` : ''}: ${p.events} of ${p.total} events (${p.eventsPerSecond}/s${eta})`);
      }
    },
  });
  console.log(`replayed ${result.events} events in ${result.seconds.toFixed(2)} s: ${result.eventsPerSecond} events/s`);
  console.log(`  event types read: ${result.eventTypes.join(', ')}`);
  // Where the time went: projections write side by side, overlapping the reading and opening of the next batch.
  console.log(
    `  reading the log: ${result.readSeconds.toFixed(2)} s; opening personal data: ${result.openSeconds.toFixed(2)} s (${result.readerThread} thread); ` +
      `projections waiting for the next batch: ${result.waitSeconds.toFixed(2)} s; secondary indexes built after the bulk pass: ${result.indexSeconds.toFixed(2)} s; statistics of the fresh tables: ${result.analyzeSeconds.toFixed(2)} s`,
  );
  for (const [name, f] of Object.entries(result.projections))
    console.log(
      `  ${name}: ${f.events} events, ${f.seconds.toFixed(2)} s busy (${f.seconds ? Math.round(f.events / f.seconds) : 0} events/s)`,
    );
  if (result.differences) console.log('rows differing from the live tables before the swap:', result.differences);
  await app.close();
}

main().catch(async (err) => {
  const { ReplayStopped } = await import('../platform/projections/replay');
  // Ctrl-C stops a replay between two batches (RunnersService.replay): its message is the whole story.
  console.error(err instanceof ReplayStopped ? err.message : err);
  process.exit(1);
});
