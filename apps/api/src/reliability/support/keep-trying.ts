/**
 * Sends `attempt` over and over from `lanes` parallel clients until `stop()` says so, and keeps every answer:
 * one side of a race (a sign-in racing a password reset, orders racing an erasure).
 */
export function keepTrying<Answer>(attempt: () => Promise<Answer>, lanes: number) {
  let stopped = false;
  const seen: Answer[] = [];
  const loops = Array.from({ length: lanes }, async () => {
    while (!stopped) seen.push(await attempt());
  });
  return {
    async stop() {
      stopped = true;
      await Promise.all(loops);
      return seen;
    },
  };
}
