import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { sendContactMessage } from '../api/shop';
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
});
