/**
 * Sends `attempt` over and over from `lanes` parallel clients until `stop()` says so, and keeps every answer:
 * one side of a race. `underWay()` resolves once the first answer is in, so the other side starts while this one
 * is truly running (a fixed pause may see none on a loaded machine).
 */
export function keepTrying<Answer>(attempt: () => Promise<Answer>, lanes: number) {
  let stopped = false;
  const seen: Answer[] = [];
  let firstAnswer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (firstAnswer = resolve));
  const loops = Array.from({ length: lanes }, async () => {
    while (!stopped) {
      seen.push(await attempt());
      firstAnswer();
    }
  });
  return {
    underWay: () => answered,
    async stop() {
      stopped = true;
      await Promise.all(loops);
      return seen;
    },
  };
}
