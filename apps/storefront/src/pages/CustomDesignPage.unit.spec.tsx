import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { customDesignApi } from '../api/account';
import { ApiError } from '../api/client';
import { userStore } from '../features/auth/useAuth';
import { useToasts } from '../features/toast/toasts';
import CustomDesignPage from './CustomDesignPage';

jest.mock('../api/account', () => ({ customDesignApi: { submit: jest.fn(), mine: jest.fn() }, accountApi: {} }));
const submit = customDesignApi.submit as jest.MockedFunction<typeof customDesignApi.submit>;

function ToastProbe() {
  const toasts = useToasts();
  return <p data-testid="toast">{toasts.map((t) => `${t.title}: ${t.description ?? ''}`).join('|')}</p>;
}

function setup() {
  render(
    <MemoryRouter>
      <CustomDesignPage />
      <ToastProbe />
    </MemoryRouter>,
  );
}

const currentStep = () => screen.getByText(/^Step \d of 5$/).textContent;
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const advance = () => act(() => jest.advanceTimersByTime(500));

beforeEach(() => {
  jest.useFakeTimers();
  submit.mockReset();
  userStore.set({
    id: 'u1',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: '+1 212 555 0100',
    address: { street: '', apartment: '', city: '', state: '', zipCode: '', country: 'US' },
    emailVerified: true,
    verifiedAt: null,
  });
});
afterEach(() => {
  jest.useRealTimers();
  userStore.set(null);
});

async function toContact() {
  click(/Women's/);
  click('Rings');
  expect(currentStep()).toBe('Step 1 of 5');
  advance();
  expect(currentStep()).toBe('Step 2 of 5');
  click('Oval');
  click('1 – 1.5 ct');
  advance();
  expect(currentStep()).toBe('Step 3 of 5');
  click('Yellow Gold');
  click('18K');
  advance();
  expect(currentStep()).toBe('Step 4 of 5');
  click('Next');
  expect(currentStep()).toBe('Step 5 of 5');
}

describe('CustomDesignPage', () => {
  it('walks the five steps with auto-advance after 0.5 s, Next gated, Previous and the step circles', async () => {
    setup();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    click(/Women's/);
    click('Rings');
    act(() => jest.advanceTimersByTime(499));
    expect(currentStep()).toBe('Step 1 of 5');
    act(() => jest.advanceTimersByTime(1));
    expect(currentStep()).toBe('Step 2 of 5');

    // A size without a shape does not advance; Next stays disabled.
    click('2 ct and above');
    advance();
    expect(currentStep()).toBe('Step 2 of 5');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    click('Round');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();

    click('Previous');
    expect(currentStep()).toBe('Step 1 of 5');
    // Step 4 cannot be opened yet; step 2 can.
    expect(screen.getByRole('button', { name: /Step 4: Your Design/ })).toBeDisabled();
    click(/Step 2: Diamond/);
    expect(currentStep()).toBe('Step 2 of 5');
  });

  it('pre-fills the contact fields, submits, and keeps a confirmation with the reference and what happens next', async () => {
    submit.mockResolvedValue({ success: true, id: '3f6c1e2a-9b7d-4c1e-8f00-1234567890ab', status: 'pending', message: 'ok' });
    setup();
    await toContact();
    expect(screen.getByLabelText('Full Name *')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Email *')).toHaveValue('ada@example.com');
    await act(async () => {
      click('Submit Design Request');
    });
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({
        jewelry_type: 'women-rings',
        diamond_shape: 'oval',
        diamond_size: '1-1.5',
        metal_type: 'gold',
        metal_karat: '18K',
        contact_email: 'ada@example.com',
      }),
      expect.any(String),
    );
    expect(screen.getByTestId('toast')).toHaveTextContent(
      'Your Vision Has Been Received: Our master craftsmen will contact you within 24 hours to bring your dream to life.',
    );
    // The confirmation stays (no jump back to step 1): the reference, what happens next, what was asked for.
    act(() => jest.advanceTimersByTime(10_000));
    const confirmation = screen.getByTestId('design-confirmation');
    expect(screen.queryByText(/^Step \d of 5$/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Your Vision Has Been Received' })).toHaveFocus();
    expect(screen.getByTestId('design-reference')).toHaveTextContent('3f6c1e2a-9b7d-4c1e-8f00-1234567890ab');
    expect(confirmation).toHaveTextContent('What happens next');
    expect(confirmation).toHaveTextContent('Our atelier writes to you at ada@example.com');
    expect(confirmation).toHaveTextContent('18K Yellow Gold');
    expect(confirmation).toHaveTextContent('A confirmation is on its way to ada@example.com');
    expect(screen.getByRole('link', { name: 'your profile' })).toHaveAttribute('href', '/profile');

    // Another design: step 1 of a cleared wizard, the contact fields pre-filled again (spec section 4).
    click('Design Another Piece');
    expect(currentStep()).toBe('Step 1 of 5');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await toContact();
    expect(screen.getByLabelText('Full Name *')).toHaveValue('Ada Lovelace');
  });

  it("puts the API's refusal of a field on that field, in the shop's words, on the step that shows it", async () => {
    submit.mockRejectedValue(
      new ApiError('design_notes: design_notes must be at most 5000 characters.', 400, 'http', {
        detail: 'design_notes: design_notes must be at most 5000 characters.',
        errors: [{ field: 'design_notes', message: 'design_notes must be at most 5000 characters.' }],
      }),
    );
    setup();
    await toContact();
    await act(async () => {
      click('Submit Design Request');
    });
    act(() => jest.advanceTimersByTime(1));
    expect(currentStep()).toBe('Step 4 of 5');
    const notes = screen.getByLabelText('Design notes (optional)');
    expect(notes).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(notes.getAttribute('aria-describedby')!)).toHaveTextContent(
      'Design notes can be at most 5000 characters',
    );
    expect(notes).toHaveFocus();
    expect(screen.getByTestId('toast')).toHaveTextContent('Submission failed: Please correct the field marked below.');
    expect(screen.getByTestId('toast')).not.toHaveTextContent('design_notes');
  });

  it('says a refused phone at the phone field of step 5', async () => {
    submit.mockRejectedValue(
      new ApiError('contact_phone: Please enter a valid phone number', 400, 'http', {
        detail: 'contact_phone: Please enter a valid phone number',
        errors: [{ field: 'contact_phone', message: 'Please enter a valid phone number' }],
      }),
    );
    setup();
    await toContact();
    await act(async () => {
      click('Submit Design Request');
    });
    act(() => jest.advanceTimersByTime(1));
    expect(currentStep()).toBe('Step 5 of 5');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByTestId('toast')).not.toHaveTextContent('contact_phone');
  });

  it('keeps the form and says so when the submission fails; submit needs a name and an e-mail', async () => {
    submit.mockRejectedValue(new Error('down'));
    setup();
    await toContact();
    fireEvent.change(screen.getByLabelText('Full Name *'), { target: { value: ' ' } });
    expect(screen.getByRole('button', { name: 'Submit Design Request' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Full Name *'), { target: { value: 'Ada' } });
    await act(async () => {
      click('Submit Design Request');
    });
    expect(screen.getByTestId('toast')).toHaveTextContent('Submission failed: Please try again later or call us directly.');
    expect(currentStep()).toBe('Step 5 of 5');
  });

  it('refuses an image over 10MB with the spec toast', async () => {
    setup();
    await toContact();
    click('Previous');
    const big = new File(['x'], 'ring.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 10_485_761 });
    fireEvent.change(screen.getByLabelText(/Choose an image/), { target: { files: [big] } });
    expect(screen.getByTestId('toast')).toHaveTextContent('File too large: Please upload an image smaller than 10MB.');
  });

  it('removes a chosen image with a styled Remove button named for what it removes, keeping focus in the field', async () => {
    setup();
    await toContact();
    click('Previous');
    const ring = new File(['\x89PNG'], 'my-ring.png', { type: 'image/png' });
    await act(async () => {
      fireEvent.change(screen.getByLabelText(/Choose an image/), { target: { files: [ring] } });
      jest.useRealTimers();
      await new Promise((r) => setTimeout(r, 50)); // the FileReader
    });
    expect(screen.getByRole('img', { name: 'Your design' })).toBeInTheDocument();
    const remove = screen.getByRole('button', { name: 'Remove design image my-ring.png' });
    expect(remove).toHaveClass('btn', 'upload__remove');
    fireEvent.click(remove);
    expect(screen.queryByRole('img', { name: 'Your design' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(document.activeElement).toBe(document.getElementById('design-image'));
  });
});
