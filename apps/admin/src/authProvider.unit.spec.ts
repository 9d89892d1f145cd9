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

describe('authProvider.logout', () => {
  it('should end a live session on the server, and only forget one the server already ended', async () => {
    const calls: string[] = [];
    global.fetch = jest.fn(async (url: any) => {
      calls.push(String(url));
      return reply(200, { token: 't', staff: { id: '1', email: 'a@facet.test', name: 'A', role: 'staff' } });
    }) as any;
    await authProvider.login({ username: 'a@facet.test', password: 'x' });
    await authProvider.logout({});
    expect(calls).toEqual(['/api/staff/login', '/api/staff/logout']);
    await authProvider.login({ username: 'a@facet.test', password: 'x' });
    // After a password change the API has ended every session: no logout call, and no one is signed in.
    await authProvider.logout({ sessionEnded: true });
    expect(calls).toEqual(['/api/staff/login', '/api/staff/logout', '/api/staff/login']);
    global.fetch = jest.fn(async () => reply(401, { detail: 'Please sign in to continue.' })) as any;
    await expect(authProvider.getIdentity!()).rejects.toThrow('Not signed in');
  });
});
