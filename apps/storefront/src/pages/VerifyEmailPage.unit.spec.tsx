import type { AccountData } from '@facet/contracts';
import { act, screen } from '@testing-library/react';
import { accountApi } from '../api/account';
import { ApiError } from '../api/client';
import { toast } from '../features/toast/toasts';
import { renderRoute } from '../test/renderRoute';
import VerifyEmailPage from './VerifyEmailPage';

jest.mock('../api/account', () => ({ accountApi: { verifyEmail: jest.fn(), resendVerification: jest.fn() } }));
jest.mock('../features/toast/toasts', () => ({ toast: jest.fn() }));
// The link's token is checked by the route's loader, through the test ShopData's account reader; a typed code
// is the shopper's own action (accountApi.verifyEmail from the form).
const verifyLink = jest.fn<ReturnType<AccountData['verifyEmail']>, Parameters<AccountData['verifyEmail']>>();
const verifyCode = accountApi.verifyEmail as jest.MockedFunction<typeof accountApi.verifyEmail>;

const renderVerify = (search: string) =>
  renderRoute('verify-email', `/verify-email${search}`, { account: { verifyEmail: verifyLink } }, <VerifyEmailPage />);

beforeEach(() => {
  verifyLink.mockReset();
  verifyCode.mockReset();
  (toast as jest.Mock).mockReset();
});

describe('the e-mail verification link', () => {
  it('checks the token once on arrival, saying Verifying… until the answer, then Email Verified', async () => {
    let resolve!: (r: { success: boolean; message: string }) => void;
    verifyLink.mockReturnValue(new Promise((r) => (resolve = r)));
    const { router } = renderVerify('?email=ada%40example.com&token=abc123');
    expect(screen.getByRole('heading', { name: 'Verifying…' })).toBeInTheDocument();
    await act(async () => resolve({ success: true, message: 'Email verified successfully' }));
    expect(await screen.findByRole('heading', { name: 'Email Verified' })).toBeInTheDocument();
    expect(screen.getByText('Email verified successfully')).toBeInTheDocument();
    expect(verifyLink).toHaveBeenCalledTimes(1);
    expect(verifyLink).toHaveBeenCalledWith('ada@example.com', 'abc123');
    // A revalidation of the same link does not spend the token again.
    await act(async () => router.revalidate());
    expect(verifyLink).toHaveBeenCalledTimes(1);
  });

  it("says why a used or expired link failed, in the server's words, with a toast, and offers a new code", async () => {
    verifyLink.mockRejectedValue(new ApiError('Invalid or expired verification token', 400, 'http'));
    renderVerify('?email=ada%40example.com&token=used');
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(
      screen.getByText(/Invalid or expired verification token The link may be invalid, expired or already used\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a New Code' })).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith({
      title: 'Verification Failed',
      description: 'Invalid or expired verification token',
      variant: 'destructive',
    });
  });

  it('asks for the code, checking nothing, when the link carries no token', async () => {
    const { router } = renderVerify('?email=ada%40example.com');
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    await act(async () => undefined);
    expect(router.state.loaderData['verify-email']).toEqual({ key: 'ada@example.com|', result: null });
    expect(verifyLink).not.toHaveBeenCalled();
  });

  it('says the link is invalid, checking nothing, when it carries no e-mail', async () => {
    renderVerify('?token=abc123');
    expect(await screen.findByRole('heading', { name: 'Invalid Verification Link' })).toBeInTheDocument();
    await act(async () => undefined);
    expect(verifyLink).not.toHaveBeenCalled();
  });

  it('passes a hostile token (NUL, 10,000 characters) to the server as it is and shows its refusal', async () => {
    verifyLink.mockRejectedValue(new ApiError('Invalid or expired verification token', 400, 'http'));
    const token = `\u0000${'x'.repeat(10_000)}`;
    renderVerify(`?email=ada%40example.com&token=${encodeURIComponent(token)}`);
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(verifyLink).toHaveBeenCalledWith('ada@example.com', token);
  });
});
