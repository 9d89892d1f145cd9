import { ConfigError, loadConfig } from '../config/config';
import { bearerMatches, metricsAccess } from './metrics-access';

const TOKEN = 'a3f1c9e07b2d4c5e8f6a1b2c3d4e5f60';
const config = (env: 'development' | 'test' | 'production', token: string | null, port: number | null) => ({
  env,
  metrics: { token, port },
});

describe('Who may read /metrics', () => {
  it('should serve it openly on the shop port in development and test, and not at all in production without a token', () => {
    expect(metricsAccess(config('development', null, null), 'shop')).toBe('allowed');
    expect(metricsAccess(config('test', null, null), 'shop')).toBe('allowed');
    expect(metricsAccess(config('production', null, null), 'shop')).toBe('off');
  });

  it('should ask every request for the token wherever METRICS_TOKEN is set', () => {
    for (const env of ['development', 'production'] as const) {
      expect(metricsAccess(config(env, TOKEN, null), 'shop')).toBe('denied');
      expect(metricsAccess(config(env, TOKEN, null), 'shop', `Bearer ${TOKEN}`)).toBe('allowed');
      expect(metricsAccess(config(env, TOKEN, 9464), 'port')).toBe('denied');
      expect(metricsAccess(config(env, TOKEN, 9464), 'port', `bearer ${TOKEN}`)).toBe('allowed');
    }
  });

  it('should serve it only on METRICS_PORT when that is set, there without a token unless one is set', () => {
    expect(metricsAccess(config('production', null, 9464), 'shop')).toBe('off');
    expect(metricsAccess(config('production', TOKEN, 9464), 'shop', `Bearer ${TOKEN}`)).toBe('off');
    expect(metricsAccess(config('production', null, 9464), 'port')).toBe('allowed');
  });

  it('should refuse every other header: another scheme, the token cut, lengthened, padded, or with control characters', () => {
    for (const header of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      TOKEN,
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN.slice(1)}`,
      `Bearer ${TOKEN}0`,
      `Bearer  ${TOKEN}`,
      `Bearer ${TOKEN} `,
      `Bearer ${TOKEN}\u0000`,
      `Bearer ${TOKEN.toUpperCase()}`,
      `Bearer ${'x'.repeat(100_000)}`,
    ])
      expect([header?.slice(0, 60), bearerMatches(header, TOKEN)]).toEqual([header?.slice(0, 60), false]);
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
  });

  it('should compare in constant time: equal-length digests whatever the length of the guess', () => {
    // The module object itself (an import * is a copy under swc's interop), as metrics-access.ts calls it.
    const compare = jest.spyOn(require('crypto') as typeof import('crypto'), 'timingSafeEqual');
    try {
      for (const guess of ['', 'a', TOKEN.slice(0, 5), `${TOKEN}${TOKEN}`, 'z'.repeat(1024)]) {
        compare.mockClear();
        expect(bearerMatches(`Bearer ${guess}`, TOKEN)).toBe(false);
        expect(compare).toHaveBeenCalledTimes(1);
        const [a, b] = compare.mock.calls[0] as [Buffer, Buffer];
        expect([a.length, b.length]).toEqual([32, 32]);
      }
    } finally {
      compare.mockRestore();
    }
  });

  it('should take METRICS_TOKEN and METRICS_PORT from the environment, and refuse values it cannot use without echoing the token', () => {
    expect(loadConfig({ METRICS_TOKEN: TOKEN, METRICS_PORT: '9464' }).metrics).toEqual({ token: TOKEN, port: 9464 });
    expect(loadConfig({ METRICS_TOKEN: '', METRICS_PORT: '' }).metrics).toEqual({ token: null, port: null });
    for (const [name, value] of [
      ['METRICS_TOKEN', 'short'],
      ['METRICS_TOKEN', `${TOKEN} with spaces`],
      ['METRICS_TOKEN', `${TOKEN}\u0000`],
      ['METRICS_TOKEN', `${TOKEN}é`],
      ['METRICS_TOKEN', 'x'.repeat(257)],
      ['METRICS_PORT', '0'],
      ['METRICS_PORT', '65536'],
      ['METRICS_PORT', '94 64'],
      ['METRICS_PORT', '-1'],
    ]) {
      let error: unknown;
      try {
        loadConfig({ [name]: value });
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain(name);
      if (name === 'METRICS_TOKEN') expect((error as Error).message).not.toContain(value.slice(0, 16));
    }
  });
});
