import { ApiError } from '../api/client';
import {
  emailFeedback,
  isCompleteCode,
  loginFailureToast,
  normalizeCode,
  passwordFeedback,
  registerFailureToast,
  resendFailureToast,
  verificationFailureText,
} from './account';

describe('account rules', () => {
  it('gives live e-mail feedback in the spec words, nothing while empty', () => {
    expect(emailFeedback('')).toBeNull();
    expect(emailFeedback('ada@')).toEqual({ valid: false, message: 'Please enter a valid email address' });
    expect(emailFeedback('ada lovelace@example.com')?.valid).toBe(false);
    expect(emailFeedback('ada@example.com')).toEqual({ valid: true, message: 'Valid email address' });
    for (const email of ['a;b@x.test', '<a@x.test>', 'a..b@x.test', '.a@x.test', 'a@x..test', 'jos\u00e9@x.test', 'a\u200b@x.test']) {
      expect(emailFeedback(email)).toEqual({ valid: false, message: 'Please enter a valid email address' });
    }
  });

  it('calls a password strong only with length, upper, lower, digit and special', () => {
    expect(passwordFeedback('')).toBeNull();
    expect(passwordFeedback('Short1!')?.message).toBe('Password requirements not met');
    expect(passwordFeedback('nouppercase1!')?.valid).toBe(false);
    expect(passwordFeedback('NOLOWERCASE1!')?.valid).toBe(false);
    expect(passwordFeedback('NoDigitsHere!')?.valid).toBe(false);
    expect(passwordFeedback('NoSpecial123')?.valid).toBe(false);
    expect(passwordFeedback('Brilliant-Cut-1985!')).toEqual({ valid: true, message: 'Strong password' });
  });

  it('upper-cases the verification code and stops at 8 characters', () => {
    expect(normalizeCode('k7mq 2xra9')).toBe('K7MQ2XRA');
    expect(isCompleteCode('K7MQ2XRA')).toBe(true);
    expect(isCompleteCode('K7MQ2XR')).toBe(false);
  });

  it('turns login failures into the spec toast', () => {
    const notFound = new ApiError('User not found. Please check your email or register for a new account.', 401, 'http');
    expect(loginFailureToast(notFound)).toMatchObject({ title: 'Login failed', description: 'No account found with this email address.' });
    expect(loginFailureToast(new ApiError('Invalid credentials', 401, 'http')).description).toBe(
      'No account found with this email address.',
    );
    expect(loginFailureToast(new ApiError('Invalid password. Please try again.', 401, 'http')).description).toBe(
      'Invalid password. Please try again.',
    );
    expect(loginFailureToast(new ApiError('Something went wrong. Please try again.', 0, 'network')).description).toBe(
      'Please check your credentials and try again.',
    );
  });

  it('words registration, resend and verification failures as the spec does', () => {
    const taken = new ApiError('Email already linked with an account. Please try logging in instead.', 409, 'http');
    expect(registerFailureToast(taken)).toMatchObject({ title: 'Registration failed', description: taken.message });
    expect(registerFailureToast(new ApiError('x', 0, 'timeout')).description).toBe(
      'Registration failed. Please check your connection and try again.',
    );
    expect(registerFailureToast(new Error('?')).description).toBe('Registration failed. Please try again.');
    expect(resendFailureToast(new ApiError('x', 0, 'network'))).toMatchObject({
      title: 'Failed to resend code',
      description: 'Please check your connection and try again.',
    });
    expect(resendFailureToast(new Error('?')).description).toBe('Please try again later.');
    expect(verificationFailureText(new ApiError('x', 0, 'network'))).toBe('Unable to verify email. Please try again.');
    expect(verificationFailureText(new Error('?'))).toBe('Invalid or expired verification token.');
    expect(verificationFailureText(new ApiError('This code has expired.', 400, 'http'))).toBe('This code has expired.');
  });
});
