import type { FastifyRequest } from 'fastify';
import { loadConfig } from '../../platform/config/config';
import { linkOrigin } from './auth.controller';

describe("linkOrigin (the site an account mail's links point to)", () => {
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_ORIGINS: 'http://localhost:5173,https://shop.facet.test' });
  const from = (origin?: string) => ({ headers: origin ? { origin } : {} }) as unknown as FastifyRequest;

  it("should keep the caller's origin when it is one of the shop's", () => {
    expect(linkOrigin(from('http://localhost:5173'), config)).toBe('http://localhost:5173');
  });

  it('should use the public origin (not a localhost listed first) for a caller with no origin or another one', () => {
    expect(linkOrigin(from(), config)).toBe('https://shop.facet.test');
    expect(linkOrigin(from('https://evil.test'), config)).toBe('https://shop.facet.test');
  });
});
