import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ApiError } from '../api/client';
import { sendContactMessage } from '../api/shop';
import { useToasts } from '../features/toast/toasts';
import ContactPage from './ContactPage';

jest.mock('../api/shop', () => ({ sendContactMessage: jest.fn() }));
const send = sendContactMessage as jest.MockedFunction<typeof sendContactMessage>;

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('the contact form', () => {
  beforeEach(() => send.mockReset());

  it('should show a wrong phone number under the phone field, point the field at it, focus it and send nothing', () => {
    render(
      <MemoryRouter>
        <ContactPage />
      </MemoryRouter>,
    );
    fill(/Full Name/, 'Ada Lovelace');
    fill(/Email Address/, 'ada@example.com');
    fill(/Phone/, '12');
    fill(/Subject/, screen.getAllByRole('option')[1].getAttribute('value') ?? '');
    fill(/Message/, 'A question about a ring.');
    fireEvent.click(screen.getByRole('button', { name: /send/i }));

    const phone = screen.getByLabelText(/Phone/);
    const error = screen.getByText('Please enter a valid phone number');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone.getAttribute('aria-describedby')).toBe(error.id);
    expect(document.activeElement).toBe(phone);
    expect(send).not.toHaveBeenCalled();

    // Editing the field clears its error, as for the other fields.
    fill(/Phone/, '+1 212 555 0100');
    expect(screen.queryByText('Please enter a valid phone number')).toBeNull();
    expect(phone).not.toHaveAttribute('aria-invalid');
  });

  it("should show the API's refusal of the subject under the subject, in the shop's words, with a toast saying where to look", async () => {
    send.mockRejectedValue(
      new ApiError('subject has a letter with more than 4 combining marks stacked on it', 400, 'http', {
        detail: 'subject has a letter with more than 4 combining marks stacked on it',
        errors: [{ field: 'subject', message: 'subject has a letter with more than 4 combining marks stacked on it' }],
      }),
    );
    function ToastProbe() {
      const toasts = useToasts();
      return <p data-testid="toast">{toasts.map((t) => `${t.title}: ${t.description ?? ''}`).join('|')}</p>;
    }
    render(
      <MemoryRouter>
        <ContactPage />
        <ToastProbe />
      </MemoryRouter>,
    );
    fill(/Full Name/, 'Ada Lovelace');
    fill(/Email Address/, 'ada@example.com');
    fill(/Subject/, screen.getAllByRole('option')[1].getAttribute('value') ?? '');
    fill(/Message/, 'A question about a ring.');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /send/i }));
    });
    const subject = screen.getByLabelText(/Subject/);
    expect(subject).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(subject.getAttribute('aria-describedby')!)).toHaveTextContent(
      'Subject has a letter with too many marks on it',
    );
    expect(document.activeElement).toBe(subject);
    expect(screen.getByTestId('toast')).toHaveTextContent('Failed to send message: Please correct the field marked below.');
    expect(screen.getByTestId('toast')).not.toHaveTextContent('combining');
  });
});
