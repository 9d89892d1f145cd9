import { ACCESS_DENIED, authProvider, LOGIN_ERROR } from './authProvider';

function reply(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('authProvider.login', () => {
  let next: () => Response;
  beforeEach(() => {
    global.fetch = jest.fn(async () => next()) as any;
  });

  it('should show the server’s detail when it refuses the input (400) or throttles (429)', async () => {
    next = () =>
      reply(400, { detail: 'username contains a NUL character (\\u0000), which is not allowed', errors: [{ field: 'username' }] });
    await expect(authProvider.login({ username: 'a\u0000', password: 'x' })).rejects.toThrow('username contains a NUL character');
    next = () => reply(429, { detail: 'Too many attempts. Try again in 15 minutes.' });
    await expect(authProvider.login({ username: 'a', password: 'x' })).rejects.toThrow('Too many attempts');
  });

  it('should keep the spec’s messages for wrong credentials and server errors', async () => {
    next = () => reply(401, { detail: 'Invalid credentials' });
    await expect(authProvider.login({ username: 'a', password: 'x' })).rejects.toThrow(ACCESS_DENIED);
    next = () => reply(503, { detail: 'The shop is busy right now.' });
    await expect(authProvider.login({ username: 'a', password: 'x' })).rejects.toThrow(LOGIN_ERROR);
  });
});
