import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { accountApi } from '../api/account';
import { ApiError } from '../api/client';
import { useToasts } from '../features/toast/toasts';
import RegisterPage from './RegisterPage';

jest.mock('../api/account', () => ({ accountApi: { register: jest.fn() } }));
const register = accountApi.register as jest.Mock;

function Where() {
  const { pathname, search } = useLocation();
  const toasts = useToasts();
  return (
    <>
      <p data-testid="where">{pathname + search}</p>
      <p data-testid="toast">{toasts.map((t) => `${t.title}: ${t.description ?? ''}`).join('|')}</p>
    </>
  );
}

function setup() {
  render(
    <MemoryRouter initialEntries={['/register']}>
      <Routes>
        <Route path="/register" element={<RegisterPage />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => register.mockReset());

describe('RegisterPage', () => {
  it('gives live feedback and keeps submit disabled until both fields are valid', () => {
    setup();
    const submit = screen.getByRole('button', { name: 'Create Account' });
    expect(submit).toBeDisabled();
    type('Email Address', 'ada@');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    type('Email Address', 'ada@example.com');
    expect(screen.getByText('Valid email address')).toBeInTheDocument();
    type('Password', 'password');
    expect(screen.getByText('Password requirements not met')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    type('Password', 'Brilliant-Cut-1985!');
    expect(screen.getByText('Strong password')).toBeInTheDocument();
    expect(submit).toBeEnabled();
  });

  it('goes to /verify-email?email= when the server asks for verification', async () => {
    register.mockResolvedValue({ success: true, requires_verification: true, message: 'ok', email: 'ada@example.com' });
    setup();
    type('Email Address', 'Ada@Example.com');
    type('Password', 'Brilliant-Cut-1985!');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    });
    expect(register).toHaveBeenCalledWith('ada@example.com', 'Brilliant-Cut-1985!');
    expect(screen.getByTestId('where')).toHaveTextContent('/verify-email?email=ada%40example.com');
  });

  it("shows the server's reason in a 'Registration failed' toast and stays", async () => {
    register.mockRejectedValue(new ApiError('Email already linked with an account. Please try logging in instead.', 409, 'http'));
    setup();
    type('Email Address', 'ada@example.com');
    type('Password', 'Brilliant-Cut-1985!');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    });
    expect(screen.getByTestId('toast')).toHaveTextContent(
      'Registration failed: Email already linked with an account. Please try logging in instead.',
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/register');
  });
});
