import type { AccountData, CustomDesignItem } from '@facet/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { accountApi } from '../api/account';
import { ApiError } from '../api/client';
import { userStore } from '../features/auth/useAuth';
import { useToasts } from '../features/toast/toasts';
import { ADA } from '../test/customer';
import { renderRoute } from '../test/renderRoute';
import ProfilePage from './ProfilePage';

jest.mock('../api/account', () => ({ accountApi: { updateProfile: jest.fn() }, customDesignApi: {} }));
const update = accountApi.updateProfile as jest.MockedFunction<typeof accountApi.updateProfile>;
// The route's loader reads the design requests through the test ShopData's account reader.
const designs = jest.fn<ReturnType<AccountData['myDesigns']>, Parameters<AccountData['myDesigns']>>();

function ToastProbe() {
  const toasts = useToasts();
  return <p data-testid="toast">{toasts.map((t) => `${t.title}: ${t.description ?? ''}`).join('|')}</p>;
}

const refused = (errors: { field: string; message: string }[]) =>
  new ApiError(
    errors.map((e) => (e.message.startsWith(e.field.split('.').pop()!) ? e.message : `${e.field}: ${e.message}`)).join('; '),
    400,
    'http',
    { detail: 'refused', errors },
  );

const renderProfile = () =>
  renderRoute(
    'profile',
    '/profile',
    { account: { myDesigns: designs } },
    <>
      <ProfilePage />
      <ToastProbe />
    </>,
  );

beforeEach(() => {
  update.mockReset();
  designs.mockReset().mockResolvedValue({ items: [], total: 0 });
  userStore.set(ADA);
});
afterEach(() => userStore.set(null));

async function saveWith(error: ApiError) {
  update.mockRejectedValue(error);
  renderProfile();
  fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
  fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '555' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  });
}

describe('the profile form, refused by the API', () => {
  it('shows a bad phone at the phone field in the shop words, focuses it, and the toast says where to look', async () => {
    await saveWith(refused([{ field: 'phone', message: 'Please enter a valid phone number' }]));
    const phone = screen.getByLabelText('Phone');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(phone.getAttribute('aria-describedby')!)).toHaveTextContent('Please enter a valid phone number');
    expect(phone).toHaveFocus();
    expect(screen.getByTestId('toast')).toHaveTextContent('Update failed: Please correct the field marked below.');
    expect(screen.getByTestId('toast')).not.toHaveTextContent('phone:');
    // Edited, the field's error goes.
    fireEvent.change(phone, { target: { value: '+1 212 555 0100' } });
    expect(phone).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please enter a valid phone number')).toBeNull();
  });

  it("says an address field's refusal under it with the form's label, not the API's name", async () => {
    await saveWith(
      refused([
        { field: 'address.zipCode', message: 'zipCode must be shorter than or equal to 20 characters' },
        { field: 'firstName', message: 'firstName has a letter with more than 4 combining marks stacked on it' },
      ]),
    );
    expect(screen.getByText('ZIP code can be at most 20 characters')).toBeInTheDocument();
    expect(screen.getByText('First name has a letter with too many marks on it')).toBeInTheDocument();
    expect(screen.getByLabelText('ZIP Code')).toHaveFocus();
    expect(screen.getByTestId('toast')).toHaveTextContent('Update failed: Please correct the fields marked below.');
  });
});

const design = (over: Partial<CustomDesignItem> = {}): CustomDesignItem => ({
  id: 'd1',
  status: 'pending',
  created_at: '2026-11-20T10:00:00.000Z',
  jewelry_type: 'women-rings',
  diamond_shape: 'oval',
  diamond_size: '1-1.5',
  metal_type: 'rose-gold',
  metal_karat: '18K',
  ...over,
});

describe("the profile's custom designs, read by the route's loader", () => {
  it('shows the details at once, the designs once read', async () => {
    let resolve!: (page: { items: CustomDesignItem[]; total: number }) => void;
    designs.mockReturnValue(new Promise((r) => (resolve = r)));
    renderProfile();
    expect(screen.getByTestId('profile-name')).toHaveTextContent('Ada Lovelace');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => resolve({ items: [design()], total: 1 }));
    expect(await screen.findAllByTestId('design-row')).toHaveLength(1);
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('says there is none when they cannot be read', async () => {
    designs.mockRejectedValue(new ApiError('Server error. Please try again later.', 500, 'http'));
    renderProfile();
    expect(await screen.findByText('You have not requested a custom design yet.')).toBeInTheDocument();
    expect(userStore.get()?.id).toBe('u1');
  });

  it('signs the header out when the session has ended (a 401), and asks to sign in', async () => {
    designs.mockRejectedValue(new ApiError('Unauthorized', 401, 'http'));
    renderProfile();
    expect(await screen.findByRole('heading', { name: 'Please log in to view your profile' })).toBeInTheDocument();
    expect(userStore.get()).toBeNull();
  });

  it('asks the signed-out visitor to sign in, and reads nothing', async () => {
    userStore.set(null);
    renderProfile();
    expect(await screen.findByRole('heading', { name: 'Please log in to view your profile' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to see and edit your details.')).toBeInTheDocument();
    await act(async () => undefined);
    expect(designs).not.toHaveBeenCalled();
  });
});
