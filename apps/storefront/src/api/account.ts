/** Accounts, orders, payments and custom designs: the part-2 calls (spec section 7, "Other calls"). */
import type {
  CheckoutStatus,
  CustomDesignItem,
  DemoBank,
  MessageResult,
  MyOrder,
  MyReview,
  OrderPage,
  ReviewPayload,
  User,
} from '@facet/contracts';
import { api } from './client';

export type { CheckoutStatus, CustomDesignItem, DemoBank, MessageResult };

export interface RegisterResult extends MessageResult {
  requires_verification: boolean;
  email: string;
  verification_link?: string;
}

export const accountApi = {
  register: (email: string, password: string) => api.post<RegisterResult>('/auth/register', { email, password }),
  verifyEmail: (email: string, token: string, signal?: AbortSignal) =>
    api.post<MessageResult>('/auth/verify-email', { email, token }, { signal }),
  resendVerification: (email: string) => api.post<MessageResult>('/auth/resend-verification', { email }),
  forgotPassword: (email: string) => api.post<MessageResult>('/auth/forgot-password', { email }),
  resetPassword: (email: string, token: string, password: string) =>
    api.post<MessageResult>('/auth/reset-password', { email, token, password }),
  login: (email: string, password: string) => api.post<{ user: User }>('/auth/login', { email, password }),
  logout: () => api.post<MessageResult>('/auth/logout', {}),
  session: () => api.get<{ user: User }>('/auth/session'),
  updateProfile: (changes: Partial<Pick<User, 'firstName' | 'lastName' | 'phone' | 'address'>>) => api.put<User>('/me', changes),
  deleteAccount: () => api.delete<MessageResult>('/me'),
};

export const myOrders = (signal?: AbortSignal) => api.get<MyOrder[]>('/orders/mine', { signal });

/** Reviews (issue 41): the signed-in customer's own, and a new one of a delivered piece (pending until staff approve it). */
export const myReviews = (signal?: AbortSignal) => api.get<{ items: MyReview[] }>('/reviews/mine', { signal });
export const submitReview = (review: ReviewPayload) =>
  api.post<{ id: string; status: 'pending'; created_at: string; message: string }>('/reviews', review);

export interface CheckoutSessionRequest {
  origin_url: string;
  order_id: string;
  user_email?: string;
  metadata?: { customer_name: string; phone: string; address: string };
}

export interface SandboxPayResult {
  success: boolean;
  payment_status: 'paid' | 'declined';
  session_id: string;
  order_id: string;
  amount: number;
  currency: string;
  payment_method: string;
  redirect_url: string;
  message: string;
}

export type SandboxPayment =
  { method: 'card'; card_number: string; expiry: string; cvv: string; name: string } | { method: 'bank_transfer'; account_id: string };

export const paymentsApi = {
  openSession: (body: CheckoutSessionRequest, conversation?: string) =>
    api.post<{ url: string; session_id: string; provider?: string }>(
      '/payments/checkout/session',
      body,
      conversation ? { headers: { 'X-Correlation-Id': conversation } } : undefined,
    ),
  status: (sessionId: string, signal?: AbortSignal) =>
    api.get<CheckoutStatus>(`/payments/checkout/status/${encodeURIComponent(sessionId)}`, { signal }),
  banks: (signal?: AbortSignal) => api.get<DemoBank[]>('/payments/sandbox/banks', { signal }),
  pay: (sessionId: string, payment: SandboxPayment) =>
    api.post<SandboxPayResult>(`/payments/sandbox/sessions/${encodeURIComponent(sessionId)}/pay`, payment),
};

export interface CustomDesignPayload {
  category: string;
  jewelry_type: string;
  diamond_shape: string;
  diamond_size: string;
  metal_type: string;
  metal_karat: string;
  design_image: string | null;
  design_notes: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  preferred_contact: string;
}

export const customDesignApi = {
  submit: (payload: CustomDesignPayload, idempotencyKey: string) =>
    api.post<{ success: boolean; id: string; status: string; message: string }>('/custom-design', payload, {
      headers: { 'Idempotency-Key': idempotencyKey },
      timeoutMs: 30_000,
    }),
  mine: (signal?: AbortSignal) =>
    api.get<{ items: CustomDesignItem[]; total: number }>('/custom-designs/mine', { query: { limit: 50 }, signal }),
};

/** The order's page: for its signed-in customer, the holder of its mails' signed link (`access`), or the browser that placed it. */
export const orderPage = (id: string, access: string | null, signal?: AbortSignal) =>
  api.get<OrderPage>(`/orders/${encodeURIComponent(id)}/page`, { query: { access }, signal });
