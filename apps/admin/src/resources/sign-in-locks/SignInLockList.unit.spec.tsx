/** @jest-environment jsdom */
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, RecordContextProvider, ResourceContextProvider, type AuthProvider } from 'react-admin';
import { listUrl, dataProvider as realDataProvider } from '../../dataProvider';
import { i18nProvider } from '../../i18n/en';
import { LiftSignInLockButton, lockedFor, SignInLockList, type SignInLockRow } from './SignInLockList';

// react-admin's first render on a loaded 2-core machine can take over the default second.
configure({ asyncUtilTimeout: 5000 });

const lockedCustomer: SignInLockRow = {
  id: 'customer:3f0c9a8e-5b1d-4c2e-9f4a-1d2b3c4d5e6f',
  account: 'customer',
  account_id: '3f0c9a8e-5b1d-4c2e-9f4a-1d2b3c4d5e6f',
  email: 'owner@example.com',
  name: 'Olive Owner',
  locked_until: '2031-05-04T10:15:00.000Z',
  unknown_clients: true,
  devices: 0,
};
const lockedClerk: SignInLockRow = {
  ...lockedCustomer,
  id: 'staff:0b7e1c52-7d1a-4f60-8a2e-5c3d4b1a0f9e',
  account: 'staff',
  account_id: '0b7e1c52-7d1a-4f60-8a2e-5c3d4b1a0f9e',
  email: 'clerk@facet.test',
  name: 'Clara Clerk',
  unknown_clients: false,
  devices: 2,
};

const authAs = (role: 'admin' | 'staff'): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => role,
  getIdentity: async () => ({ id: 'me', fullName: 'Me' }),
});

function fakeData(lift: jest.Mock = jest.fn(async () => ({ success: true, message: 'Sign-in lock lifted' }))) {
  const getList = jest.fn(async () => ({ data: [lockedCustomer, lockedClerk], total: 2 }));
  return { ...realDataProvider, getList, liftSignInLock: lift } as any;
}

function renderAs(role: 'admin' | 'staff', ui: React.ReactElement, data = fakeData()) {
  render(
    <AdminContext dataProvider={data} authProvider={authAs(role)} i18nProvider={i18nProvider}>
      <ResourceContextProvider value="sign-in-locks">{ui}</ResourceContextProvider>
    </AdminContext>,
  );
  return { data, user: userEvent.setup() };
}

describe('Locked sign-ins in the console', () => {
  // react-admin's queries settle after a test's last assertion; React's act() warnings about them say nothing here.
  const consoleError = console.error;
  beforeAll(() => {
    jest.spyOn(console, 'error').mockImplementation((...args) => {
      if (typeof args[0] === 'string' && args[0].includes('not wrapped in act(')) return;
      consoleError(...args);
    });
  });
  afterAll(() => jest.restoreAllMocks());

  describe('When a lock is described', () => {
    it('should say whom it holds back: unknown browsers, and how many of the account’s own', () => {
      const t = (key: string, options?: any) => i18nProvider.translate(key, options);
      expect(lockedFor(lockedCustomer, t)).toBe('Unknown browsers');
      expect(lockedFor(lockedClerk, t)).toBe('2 of their own browsers');
      expect(lockedFor({ ...lockedClerk, unknown_clients: true, devices: 1 }, t)).toBe('Unknown browsers; 1 of their own browsers');
    });
  });

  describe('When an administrator looks at the list', () => {
    it('should list each locked account with when its lock ends and a “Lift lock” button naming it', async () => {
      const { data } = renderAs('admin', <SignInLockList />);
      expect(await screen.findByText('owner@example.com')).toBeTruthy();
      expect(screen.getByText('clerk@facet.test')).toBeTruthy();
      expect(screen.getByText('Unknown browsers')).toBeTruthy();
      expect(screen.getByText('2 of their own browsers')).toBeTruthy();
      expect(screen.getByText('Lock ends')).toBeTruthy();
      expect(await screen.findByRole('button', { name: 'Lift lock for owner@example.com' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Lift lock for clerk@facet.test' })).toBeTruthy();
      // No sort the API does not offer: the list asks for a page only (the API orders by when locks end).
      expect(listUrl('sign-in-locks', data.getList.mock.calls[0][1])).toBe('/api/admin/sign-in-locks?page=1&limit=10');
    });

    it('should lift the lock only after the confirmation, once, through the API', async () => {
      const lift = jest.fn(async () => ({ success: true, message: 'Sign-in lock lifted' }));
      const { user } = renderAs(
        'admin',
        <RecordContextProvider value={lockedCustomer}>
          <LiftSignInLockButton />
        </RecordContextProvider>,
        fakeData(lift),
      );
      await user.click(await screen.findByRole('button', { name: 'Lift lock for owner@example.com' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Lift the sign-in lock of owner@example.com?')).toBeTruthy();
      expect(lift).not.toHaveBeenCalled();
      await user.click(within(dialog).getByRole('button', { name: 'Lift lock' }));
      await waitFor(() => expect(lift).toHaveBeenCalledWith('customer', lockedCustomer.account_id));
      expect(lift).toHaveBeenCalledTimes(1);
    });

    it('should cancel without calling the API', async () => {
      const lift = jest.fn();
      const { user } = renderAs(
        'admin',
        <RecordContextProvider value={lockedClerk}>
          <LiftSignInLockButton />
        </RecordContextProvider>,
        fakeData(lift),
      );
      await user.click(await screen.findByRole('button', { name: 'Lift lock for clerk@facet.test' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(lift).not.toHaveBeenCalled();
    });
  });

  describe('When a plain staff member looks at the list', () => {
    it('should show the locks and when they end, with no button to lift them', async () => {
      renderAs('staff', <SignInLockList />);
      expect(await screen.findByText('owner@example.com')).toBeTruthy();
      // Give the permissions time to arrive: the button must still not appear.
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByRole('button', { name: /Lift lock/ })).toBeNull();
    });
  });
});

describe('dataProvider.liftSignInLock', () => {
  it('should DELETE the account’s lock, each path segment encoded', async () => {
    const calls: string[] = [];
    global.fetch = jest.fn(async (url: any, init: any) => {
      calls.push(`${init.method} ${String(url)}`);
      // jsdom has no Response: what http() reads of one.
      return {
        ok: true,
        status: 200,
        headers: new Map(),
        text: async () => JSON.stringify({ success: true, message: 'Sign-in lock lifted' }),
      };
    }) as any;
    await realDataProvider.liftSignInLock('staff', lockedClerk.account_id);
    await realDataProvider.liftSignInLock('customer', '../staff/x?y#z');
    expect(calls).toEqual([
      `DELETE /api/admin/sign-in-locks/staff/${lockedClerk.account_id}`,
      'DELETE /api/admin/sign-in-locks/customer/..%2Fstaff%2Fx%3Fy%23z',
    ]);
  });
});
