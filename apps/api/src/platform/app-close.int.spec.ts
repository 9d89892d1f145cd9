import { startTestApp } from '../testing/test-app';

/** Sockets to PostgreSQL or Redis still open in this process. */
function serviceSockets(): string[] {
  return (process as any)
    ._getActiveHandles()
    .filter((h: any) => h.constructor?.name === 'Socket' && h.remotePort)
    .map((h: any) => `${h.remoteAddress}:${h.remotePort}`);
}

describe('Closing the app', () => {
  it('should close every PostgreSQL and Redis connection it opened, workers and listeners included', async () => {
    const before = serviceSockets();
    const t = await startTestApp();
    // A response whose body is never read keeps its connection busy; close must not wait on it.
    await fetch(t.url + '/');
    await t.request('GET', '/api/health');
    expect(serviceSockets().length).toBeGreaterThan(before.length);
    await t.close();
    // Sockets end on the next turns of the loop.
    for (let i = 0; i < 20 && serviceSockets().length > before.length; i++) await new Promise((r) => setTimeout(r, 100));
    expect(serviceSockets()).toEqual(before);
  });
});
