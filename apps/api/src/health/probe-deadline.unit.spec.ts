import { withinDeadline } from './probe-deadline';

describe('withinDeadline', () => {
  it('should answer what the probe answers in time', async () => {
    await expect(withinDeadline(Promise.resolve('up'), 50, 'timed out')).resolves.toBe('up');
  });

  it('should reject with the message once the probe is late', async () => {
    await expect(withinDeadline(new Promise(() => undefined), 20, 'timed out after 20 ms')).rejects.toThrow('timed out after 20 ms');
  });

  it('should pass on the probe’s own error', async () => {
    await expect(withinDeadline(Promise.reject(new Error('connection refused')), 50, 'timed out')).rejects.toThrow('connection refused');
  });

  it('should count an answer due in the same turn as the deadline as in time, when the loop ran late', async () => {
    // The deadline's timer and the answer are both due once a CPU-bound burst lets the loop go on; the deadline's
    // runs first (it was set first), as it does when a database answer waits in a socket behind a late timer.
    let answer!: (v: string) => void;
    const probe = withinDeadline(new Promise<string>((r) => (answer = r)), 30, 'timed out');
    setTimeout(() => answer('up'), 30);
    const until = Date.now() + 120;
    while (Date.now() < until) {
      /* a CPU-bound burst holds the event loop */
    }
    await expect(probe).resolves.toBe('up');
  });

  it('should still time out a probe that answers a turn too late', async () => {
    let answer!: (v: string) => void;
    const probe = withinDeadline(new Promise<string>((r) => (answer = r)), 20, 'timed out');
    setTimeout(() => setImmediate(() => setImmediate(() => answer('up'))), 60);
    await expect(probe).rejects.toThrow('timed out');
  });
});
