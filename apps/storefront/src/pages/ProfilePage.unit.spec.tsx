import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { accountApi, customDesignApi } from '../api/account';
import { ApiError } from '../api/client';
import { userStore } from '../features/auth/useAuth';
import { useToasts } from '../features/toast/toasts';
import ProfilePage from './ProfilePage';

jest.mock('../api/account', () => ({ accountApi: { updateProfile: jest.fn() }, customDesignApi: { mine: jest.fn() } }));
const update = accountApi.updateProfile as jest.MockedFunction<typeof accountApi.updateProfile>;
(customDesignApi.mine as jest.Mock).mockResolvedValue({ items: [] });

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

beforeEach(() => {
  update.mockReset();
  userStore.set({
    id: 'u1',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: '',
    address: { street: '', apartment: '', city: '', state: '', zipCode: '', country: 'US' },
    emailVerified: true,
    verifiedAt: null,
  });
});
afterEach(() => userStore.set(null));

async function saveWith(error: ApiError) {
  update.mockRejectedValue(error);
  render(
    <MemoryRouter>
      <ProfilePage />
      <ToastProbe />
    </MemoryRouter>,
  );
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
