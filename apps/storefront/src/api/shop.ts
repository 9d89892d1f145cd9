/** The shop's endpoints, typed with the shared contracts. */
import type { Category, CategoryQuery, OrderPayload, Product, ProductList, ProductQuery, ProductReviews } from '@facet/contracts';
import { api } from './client';

export type { ProductQuery };

/** Product lists carry a products array; an absent one is taken as empty (spec section 7). */
function normaliseList(list: Partial<ProductList> | null | undefined): ProductList {
  const products = Array.isArray(list?.products) ? list.products : [];
  return {
    products,
    total: typeof list?.total === 'number' ? list.total : products.length,
    page: typeof list?.page === 'number' ? list.page : 1,
    limit: typeof list?.limit === 'number' ? list.limit : products.length,
  };
}

export async function listProducts(query: ProductQuery, signal?: AbortSignal): Promise<ProductList> {
  return normaliseList(await api.get<ProductList>('/products', { query: { ...query }, signal }));
}

export async function randomProducts(limit = 3, signal?: AbortSignal): Promise<Product[]> {
  const body = await api.get<Product[] | ProductList>('/products/random', { query: { limit }, signal });
  return Array.isArray(body) ? body : normaliseList(body).products;
}

export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return api.get<Product>('/products/' + encodeURIComponent(id), { signal });
}

/** A piece's approved reviews, newest first, with the rating they make (issue 41). */
export function productReviews(id: string, signal?: AbortSignal, limit = 10): Promise<ProductReviews> {
  return api.get<ProductReviews>('/reviews', { query: { product_id: id, limit }, signal });
}

export async function productsInCategory(category: string, query: CategoryQuery, signal?: AbortSignal): Promise<ProductList> {
  const path = '/products/category/' + encodeURIComponent(category);
  return normaliseList(await api.get<ProductList>(path, { query: { ...query }, signal }));
}

export function getCategory(id: string, signal?: AbortSignal): Promise<Category> {
  return api.get<Category>('/categories/' + encodeURIComponent(id), { signal });
}

/** `conversation`: a correlation id the checkout shares with its payment session, so the audit log links them. */
export function createOrder(payload: OrderPayload, idempotencyKey: string, conversation?: string): Promise<{ order_id: string }> {
  const headers: Record<string, string> = { 'Idempotency-Key': idempotencyKey };
  if (conversation) headers['X-Correlation-Id'] = conversation;
  return api.post<{ order_id: string }>('/orders', payload, { headers });
}

export interface ContactMessage {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}

export function sendContactMessage(message: ContactMessage): Promise<{ success: boolean; message?: string }> {
  return api.post('/contact', message);
}
