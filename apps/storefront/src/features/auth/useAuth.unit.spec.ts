import { accountApi } from '../../api/account';
import { ApiError } from '../../api/client';
import { authActions, refreshSession, sanitizeUser, userStore } from './useAuth';

jest.mock('../../api/account', () => ({ accountApi: { session: jest.fn(), logout: jest.fn() } }));
const session = accountApi.session as jest.Mock;
const logout = accountApi.logout as jest.Mock;

const user = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '',
  address: { street: '1 Bond St', apartment: '', city: 'New York', state: 'NY', zipCode: '10012', country: 'US' },
  emailVerified: true,
  verifiedAt: null,
};

beforeEach(() => {
  session.mockReset();
  logout.mockReset();
  userStore.set(null);
});

describe('the signed-in user', () => {
  it('keeps only a well-formed copy, with the address country defaulting to US, and no password', () => {
    expect(sanitizeUser(null)).toBeNull();
    expect(sanitizeUser({ email: 'x@example.com' })).toBeNull();
    const copy = sanitizeUser({ id: 'u1', email: 'ada@example.com', password: 'secret', address: { country: '' } });
    expect(copy?.address.country).toBe('US');
    expect(copy).not.toHaveProperty('password');
  });

  it('asks nothing of the server when the browser holds no copy', async () => {
    await refreshSession(true);
    expect(session).not.toHaveBeenCalled();
  });

  it('refreshes the copy from the server session, and clears it on a 401', async () => {
    userStore.set(user);
    session.mockResolvedValueOnce({ user: { ...user, firstName: 'Augusta' } });
    await refreshSession(true);
    expect(userStore.get()?.firstName).toBe('Augusta');

    session.mockRejectedValueOnce(new ApiError('Unauthorized', 401, 'http'));
    await refreshSession(true);
    expect(userStore.get()).toBeNull();
  });

  it('keeps the copy when the server cannot be reached', async () => {
    userStore.set(user);
    session.mockRejectedValueOnce(new ApiError('Something went wrong. Please try again.', 0, 'network'));
    await refreshSession(true);
    expect(userStore.get()?.id).toBe('u1');
  });

  it('logout ends the server session and drops the copy, even when the call fails', async () => {
    userStore.set(user);
    logout.mockResolvedValueOnce({ success: true });
    await authActions.logout();
    expect(logout).toHaveBeenCalled();
    expect(userStore.get()).toBeNull();

    userStore.set(user);
    logout.mockRejectedValueOnce(new ApiError('x', 0, 'network'));
    await expect(authActions.logout()).rejects.toBeInstanceOf(ApiError);
    expect(userStore.get()).toBeNull();
  });
});
