import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import {
  MAX_UPLOAD_BYTES,
  type EngravingRule,
  type GalleryImage,
  type ProductOption,
  type StockAdjustmentInput,
  type StockMovement,
  type StockReservation,
  type VariantStockLevel,
} from '@facet/contracts';
import { ApiError, BulkActionError, errorFor, FALLBACK_MESSAGE } from './api-error';
import type {
  Dashboard,
  LogVerification,
  ParkedEvent,
  ParkedEventDetail,
  QueueOverview,
  RecordAsOf,
  RecordDiff,
  ReplayStatus,
  AuditEvent,
} from './consoleWire';
import { galleryFields, toFormRecord, variantInputs, type VariantRow } from './resources/products/productWire';

/**
 * The console's one door to /api/admin: react-admin's REST convention (page, limit, sort, order, q and
 * filters in the query string; the total from x-total-count or the body) plus a few verbs of its own.
 */
export const API = '/api';
export const ADMIN = `${API}/admin`;
export const INVALID_IMAGE_MESSAGE = 'Invalid file type: Please select a valid image file (JPG, PNG, GIF, etc.)';
export const IMAGE_TOO_LARGE_MESSAGE = 'File too large: Please upload an image smaller than 10MB.';

/** Where each resource lives under /api/admin. */
const PATHS: Record<string, string> = {
  'audit-events': 'audit/events',
};
export const pathOf = (resource: string) => PATHS[resource] ?? resource;

/** One record's read: products are read where the storefront reads them (with their version); the rest under /api/admin. */
const oneBase = (resource: string) => (resource === 'products' ? `${API}/products` : `${ADMIN}/${pathOf(resource)}`);

const TIMEOUT_MS = 10_000;

export interface Reply<T = unknown> {
  status: number;
  headers: Headers;
  /** The parsed JSON (or the text that was not JSON); each caller says what it expects. */
  json: T;
}

/** A JSON object, to read fields of an answer whose shape is not promised. */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * An answer as the record type a react-admin caller picked: its DataProvider methods are generic in it
 * (getList<RecordType>, getOne<RecordType>), so the JSON cannot be checked here. The lists and pages type
 * their own rows (useRecordContext<Row>, FunctionField<Row>).
 */
const asPicked = <T>(value: unknown): T => value as T;

/** fetch with the CSRF header, same-origin cookies, JSON both ways, the spec's 10 s time-out and its error rules. */
export async function http<T = unknown>(
  url: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'facet', ...init.headers };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      // Catalogue reads are publicly cacheable for a minute; staff edit with the version they read, so never stale.
      cache: 'no-store',
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: controller.signal,
    });
  } catch {
    throw new ApiError('Something went wrong. Please try again.', 0);
  } finally {
    clearTimeout(timer);
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    json = text;
  }
  if (!res.ok) throw errorFor(res.status, withFormErrors(json));
  // The answer as the caller expects it: the API's DTOs promise the shape (consoleWire.ts restates them).
  return { status: res.status, headers: res.headers, json: json as T };
}

/**
 * A refusal's `errors: [{field, message}]` in react-admin's form shape: each message under its field, and the
 * detail as the form's notice (root.serverError). Left as a list, react-admin shows neither, only "form not valid".
 */
export function withFormErrors(body: unknown): unknown {
  if (!isObject(body) || !Array.isArray(body.errors)) return body;
  const errors: Record<string, unknown> = { root: { serverError: typeof body.detail === 'string' ? body.detail : FALLBACK_MESSAGE } };
  for (const e of body.errors as unknown[])
    if (isObject(e) && typeof e.field === 'string' && !(e.field in errors)) {
      const message: unknown = e.message ?? '';
      errors[e.field] = String(message);
    }
  return { ...body, errors };
}

/** A query value left out of the URL. (Not a type guard: String() below takes whatever the filters hold.) */
const isBlank = (v: unknown): boolean => v === undefined || v === null || v === '' || v === 'all';

function query(params: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (isBlank(v)) continue;
    q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Products keep the storefront's sort_by words; price and name map onto them. */
export function productSort(field: string | undefined, order: string | undefined): string {
  if (field === 'price') return order === 'DESC' ? 'price-high' : 'price-low';
  if (field === 'name') return 'name';
  if (field === 'rating') return 'rating';
  return 'featured';
}

/** The query string of one list page. */
export function listUrl(resource: string, params: Partial<GetListParams>): string {
  const page = params.pagination?.page ?? 1;
  const limit = Math.min(params.pagination?.perPage ?? 25, 100);
  const filter = { ...((params.filter ?? {}) as Record<string, unknown>) };
  if (resource === 'products') {
    const { q, ...rest } = filter;
    return `${ADMIN}/products${query({ page, limit, sort_by: productSort(params.sort?.field, params.sort?.order), search: q, ...rest })}`;
  }
  const sort = params.sort?.field && params.sort.field !== 'id' ? params.sort.field : undefined;
  return `${ADMIN}/${pathOf(resource)}${query({
    page,
    limit,
    sort,
    order: sort ? params.sort?.order?.toLowerCase() : undefined,
    ...filter,
  })}`;
}

/** Rows and total of a list reply: {items|products|data, total} or a bare array; the header wins for the total. */
export function listReply(reply: Reply): { data: RaRecord[]; total: number; meta?: { totalEstimated: true } } {
  const body = reply.json;
  const fields = isObject(body) ? body : undefined;
  const data = (Array.isArray(body) ? body : (fields?.items ?? fields?.products ?? fields?.data ?? [])) as unknown[];
  const header = reply.headers.get('x-total-count');
  const total = header !== null && header !== '' ? Number(header) : typeof fields?.total === 'number' ? fields.total : data.length;
  // An estimated total (a big search or log): the list's pagination reads "about" (EstimatedPagination).
  const estimated = reply.headers.get('x-total-estimated') === 'true' || fields?.total_estimated === true;
  return { data: data.map(withId), total, ...(estimated ? { meta: { totalEstimated: true as const } } : {}) };
}

/** A row with react-admin's id: orders' order_id, the log's event_id, a queue's name. */
function withId(row: unknown): RaRecord {
  const r = row as Partial<Record<'id' | 'order_id' | 'event_id' | 'name', Identifier>> | null;
  if (r && r.id === undefined) return { ...r, id: (r.order_id ?? r.event_id ?? r.name) as Identifier };
  return r as RaRecord;
}

const PRODUCT_FIELDS = [
  'name',
  'description',
  'price',
  'original_price',
  'category',
  'image',
  'images',
  'features',
  'rating',
  'reviews_count',
  'in_stock',
];

/** Neither undefined nor null. (Not a type guard: the form's values reach String() whatever they are.) */
const isSet = (v: unknown): boolean => v !== undefined && v !== null;

/** What a product save sends: the editable fields, features as trimmed strings, prices as decimals, the version. */
export function productBody(data: Record<string, unknown>, previous?: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of PRODUCT_FIELDS) if (data[f] !== undefined) body[f] = data[f];
  if (isSet(body.price)) body.price = Number.parseFloat(String(body.price));
  if (body.original_price === '') body.original_price = null;
  if (isSet(body.original_price)) body.original_price = Number.parseFloat(String(body.original_price));
  if (Array.isArray(body.features)) {
    body.features = (body.features as unknown[])
      .map((f) => (typeof f === 'string' ? f : ((f as { value?: string } | null)?.value ?? '')))
      .map((f: string) => f.trim())
      .filter(Boolean);
  }
  if (typeof body.image === 'string' && !Array.isArray(body.images) && previous?.image !== body.image) body.images = [body.image];
  Object.assign(body, variantFields(data, previous));
  if (Array.isArray(body.gallery) && !(body.gallery as unknown[]).length) delete body.image;
  const version = data.version ?? previous?.version;
  if (version !== undefined && previous) body.version = version;
  return body;
}

/**
 * Options, variants, engraving and gallery (issue 40) as the API takes them; the gallery decides image and
 * images. An edit sends only those that changed, so saving a price leaves the variants (and their stock) alone.
 */
function variantFields(data: Record<string, unknown>, previous?: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (Array.isArray(data.options))
    fields.options = (data.options as ProductOption[]).map((o) => ({
      name: String(o.name).trim(),
      values: o.values.map((v: string) => String(v).trim()),
    }));
  if (data.engraving !== undefined)
    fields.engraving = data.engraving ? { max_length: Number((data.engraving as EngravingRule).max_length) } : null;
  const variants = data.variants as VariantRow[] | undefined;
  if (Array.isArray(variants) && variants.length) fields.variants = variantInputs(variants);
  const gallery = data.gallery as GalleryImage[] | undefined;
  if (Array.isArray(gallery) && gallery.length) Object.assign(fields, galleryFields(gallery));
  if (!previous) return fields;
  const before = variantFields(toFormRecord(previous));
  for (const key of Object.keys(fields)) if (JSON.stringify(fields[key]) === JSON.stringify(before[key])) delete fields[key];
  // The gallery cleared: no pictures left.
  if (Array.isArray(gallery) && !gallery.length && before.gallery) Object.assign(fields, { gallery: [], images: [] });
  return fields;
}

/** What a save sends: a product its editable fields; a staff member's edit only the role (all the API changes). */
export function saveBody(resource: string, data: Record<string, unknown>, previous?: Record<string, unknown>): Record<string, unknown> {
  if (resource === 'products') return productBody(data, previous);
  if (resource === 'staff' && previous) return { role: data.role };
  return data;
}

/** The rows of a reply that is a bare array or {items|movements|reservations}. */
const itemsOf = <T>(json: unknown): T[] => {
  if (Array.isArray(json)) return json as T[];
  const fields = isObject(json) ? json : undefined;
  return (fields?.items ?? fields?.movements ?? fields?.reservations ?? fields?.data ?? []) as T[];
};

/** A File as a data URL (the upload route takes one). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result: unknown = reader.result; // a data URL: readAsDataURL below
      resolve(String(result));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** The uploaded inspiration image of a custom design (an <img> loads it with the staff cookie). */
export const customDesignImageUrl = (id: string) => `${ADMIN}/custom-designs/${encodeURIComponent(id)}/image`;

/** The console's own calls beside react-admin's; their answers are read loosely by the pages, like the records above. */
export interface FacetDataProvider extends DataProvider {
  uploadImage(file: File): Promise<string>;
  clearInventory(): Promise<{ deleted: number }>;
  /** An administrator sets a staff member's new password; their sessions end. */
  setStaffPassword(id: string, password: string): Promise<{ success: true; message: string }>;
  /** An administrator lifts an account's sign-in lock (the account is 'customer' or 'staff'); 404 when nothing locks it. */
  liftSignInLock(account: 'customer' | 'staff', accountId: string): Promise<{ success: true; message: string }>;
  /** The signed-in member changes their own password with the current one; all their sessions end, this one too. */
  changeOwnPassword(currentPassword: string, password: string): Promise<{ success: true; message: string }>;
  /** `extra`: an order's share_with_customer, and carrier and tracking_number with a move to shipped. */
  changeStatus(
    resource: 'orders' | 'custom-designs',
    id: string,
    status: string,
    note?: string,
    extra?: Record<string, unknown>,
  ): Promise<unknown>;
  markHandled(id: string): Promise<unknown>;
  streamHistory(streamId: string): Promise<AuditEvent[]>;
  /** The record as of a moment (ISO), folded by the API from its events; with every version for a slider. */
  recordAsOf(streamId: string, asOf?: string, revision?: number): Promise<RecordAsOf>;
  /** Fields that differ between two versions, with who, when and why. */
  recordDiff(streamId: string, from: number, to: number): Promise<RecordDiff>;
  lastVerification(): Promise<LogVerification | null>;
  startVerification(): Promise<LogVerification | null>;
  dashboard(): Promise<Dashboard>;
  startReplay(): Promise<ReplayStatus>;
  replayStatus(): Promise<ReplayStatus>;
  queues(): Promise<QueueOverview[]>;
  parkedEvents(page: number, consumer?: string): Promise<{ items: ParkedEvent[]; total: number }>;
  parkedEvent(id: string): Promise<ParkedEventDetail>;
  retryParked(id: string): Promise<{ retried: number; still_parked: number; error: string | null }>;
  categories(): Promise<{ id: string; name: string }[]>;
  /** A stocked variant's units on hand, reserved and available. */
  variantStock(variantId: string): Promise<VariantStockLevel>;
  /** Staff change a stocked variant's units by a delta or to a count, always with a reason. */
  adjustStock(variantId: string, adjustment: StockAdjustmentInput): Promise<VariantStockLevel>;
  /** Every movement of a variant's stock, newest first. */
  stockLedger(variantId: string): Promise<StockMovement[]>;
  /** A variant's reservations in a status (open: held by orders not yet paid). */
  stockReservations(variantId: string, status?: string): Promise<StockReservation[]>;
  /** Staff keep an open consultation request's pieces held past CONSULTATION_HOLD_HOURS (issue 49). */
  confirmConsultationHold(orderId: string): Promise<unknown>;
  /** The refunds of an order's payment (issue 51), amounts in integer cents. */
  orderRefunds(orderId: string): Promise<OrderRefunds>;
  /** Staff refund part or all of an order's payment: amount in integer cents, a reason, and whether the piece came back. */
  /** `key`: the Idempotency-Key (a retry of one submit with the same key refunds once). */
  /** With restock: `lines`, the order's lines that came back (by variant) and how many units of each. */
  refundOrder(
    orderId: string,
    refund: { amount: number; reason: string; restock: boolean; lines?: RestockLine[] },
    key?: string,
  ): Promise<unknown>;
}

/** Units of one variant of the order that came back with a refund. */
export interface RestockLine {
  variant_id: string;
  quantity: number;
}

export interface OrderRefund {
  refund_id: string;
  number: number | null;
  amount_cents: number;
  currency: string;
  reason: string;
  by: string | null;
  restock: boolean;
  /** The lines that came back to stock ([] without restock; absent from an older API). */
  restock_lines?: RestockLine[];
  created_at: string;
}

export interface OrderRefunds {
  items: OrderRefund[];
  captured_cents: number;
  refunded_cents: number;
}

/** Runs a command for every id in turn; the ids that went through, or a BulkActionError naming those that did not. */
export async function eachRecord<Id extends string | number>(ids: Id[], command: (id: Id) => Promise<unknown>): Promise<Id[]> {
  const succeeded: Id[] = [];
  const failed: { id: Id; message: string }[] = [];
  for (const id of ids) {
    try {
      await command(id);
      succeeded.push(id);
    } catch (error) {
      failed.push({ id, message: error instanceof Error && error.message ? error.message : FALLBACK_MESSAGE });
    }
  }
  if (failed.length) throw new BulkActionError(succeeded, failed);
  return succeeded;
}

export const dataProvider: FacetDataProvider = {
  async getList(resource, params) {
    const perPage = params.pagination?.perPage ?? 25;
    const page = params.pagination?.page ?? 1;
    if (perPage <= 100) return asPicked(listReply(await http(listUrl(resource, params))));
    // An export asks for up to 1000 rows at once; the API serves pages of at most 100.
    const offset = (page - 1) * perPage;
    const first = Math.floor(offset / 100) + 1;
    const last = Math.floor((offset + perPage - 1) / 100) + 1;
    const data: RaRecord[] = [];
    let total = 0;
    for (let p = first; p <= last; p++) {
      const reply = listReply(await http(listUrl(resource, { ...params, pagination: { page: p, perPage: 100 } })));
      data.push(...reply.data);
      total = reply.total;
      if (reply.data.length < 100 || p * 100 >= total) break;
    }
    return { data: asPicked(data.slice(offset % 100, (offset % 100) + perPage)), total };
  },

  async getOne(resource, params) {
    const { json } = await http(`${oneBase(resource)}/${encodeURIComponent(String(params.id))}`);
    return { data: asPicked(withId(json)) };
  },

  async getMany(resource, params) {
    const rows = await Promise.all(params.ids.map((id) => this.getOne(resource, { id }).then((r) => r.data)));
    return { data: rows };
  },

  async getManyReference(resource, params) {
    return asPicked(
      listReply(await http(listUrl(resource, { ...params, filter: { ...(params.filter as object), [params.target]: params.id } }))),
    );
  },

  async create(resource, params) {
    const body = saveBody(resource, params.data as Record<string, unknown>);
    const { json } = await http(`${ADMIN}/${pathOf(resource)}`, { method: 'POST', body });
    return { data: asPicked(withId(json)) };
  },

  async update(resource, params) {
    const previous = params.previousData as Record<string, unknown> | undefined;
    const body = saveBody(resource, params.data as Record<string, unknown>, previous);
    const { json } = await http(`${ADMIN}/${pathOf(resource)}/${encodeURIComponent(String(params.id))}`, { method: 'PUT', body });
    const saved = json as Record<string, unknown> | null;
    return { data: asPicked(withId({ ...previous, ...saved, id: saved?.id ?? (params.id as Identifier) })) };
  },

  /**
   * One API command per record, one after another: a status change on orders and custom designs, "handled"
   * on messages, else a PUT. Every record is tried; if some fail, a BulkActionError names them and why.
   */
  async updateMany(resource, params) {
    const data = params.data as Record<string, unknown>;
    const one = (id: string): Promise<unknown> => {
      if ((resource === 'orders' || resource === 'custom-designs') && typeof data.status === 'string')
        return this.changeStatus(resource, id, data.status, data.note as string | undefined);
      if (resource === 'messages' && data.handled === true) return this.markHandled(id);
      return http(`${ADMIN}/${pathOf(resource)}/${encodeURIComponent(id)}`, { method: 'PUT', body: data });
    };
    return { data: await eachRecord(params.ids, (id) => one(String(id))) };
  },

  async delete(resource, params) {
    await http(`${ADMIN}/${pathOf(resource)}/${encodeURIComponent(String(params.id))}`, { method: 'DELETE' });
    return { data: asPicked(params.previousData ?? { id: params.id }) };
  },

  async deleteMany(resource, params) {
    return {
      data: await eachRecord(params.ids, (id) =>
        http(`${ADMIN}/${pathOf(resource)}/${encodeURIComponent(String(id))}`, { method: 'DELETE' }),
      ),
    };
  },

  async uploadImage(file) {
    if (!file.type.startsWith('image/')) throw new ApiError(INVALID_IMAGE_MESSAGE, 400);
    if (file.size > MAX_UPLOAD_BYTES) throw new ApiError(IMAGE_TOO_LARGE_MESSAGE, 413);
    const { json } = await http(`${ADMIN}/uploads`, { method: 'POST', body: { data_url: await readAsDataUrl(file) } });
    return (json as { url: string }).url;
  },

  async setStaffPassword(id, password) {
    return (
      await http<{ success: true; message: string }>(`${ADMIN}/staff/${encodeURIComponent(id)}/password`, {
        method: 'PUT',
        body: { password },
      })
    ).json;
  },

  async liftSignInLock(account, accountId) {
    return (
      await http<{ success: true; message: string }>(
        `${ADMIN}/sign-in-locks/${encodeURIComponent(account)}/${encodeURIComponent(accountId)}`,
        { method: 'DELETE' },
      )
    ).json;
  },

  async changeOwnPassword(currentPassword, password) {
    return (
      await http<{ success: true; message: string }>(`${API}/staff/me/password`, {
        method: 'PUT',
        body: { current_password: currentPassword, password },
      })
    ).json;
  },

  async clearInventory() {
    return (await http<{ deleted: number }>(`${ADMIN}/clear-inventory`, { method: 'DELETE' })).json;
  },

  async changeStatus(resource, id, status, note, extra) {
    const body = { ...(note?.trim() ? { status, note: note.trim() } : { status }), ...extra };
    // One form for every record's status: PUT /admin/<records>/{id} with { status, note }.
    return (await http(`${ADMIN}/${resource}/${encodeURIComponent(id)}`, { method: 'PUT', body })).json;
  },

  async markHandled(id) {
    return (await http(`${ADMIN}/messages/${encodeURIComponent(id)}`, { method: 'PUT', body: { status: 'handled' } })).json;
  },

  async streamHistory(streamId) {
    try {
      return (await http<{ events: AuditEvent[] }>(`${ADMIN}/audit/streams/${encodeURIComponent(streamId)}`)).json.events;
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return [];
      throw err;
    }
  },

  async recordAsOf(streamId, asOf, revision) {
    // A version by its number (several can share a millisecond), else a moment, else now.
    const query = revision !== undefined ? `?revision=${revision}` : asOf ? `?as_of=${encodeURIComponent(asOf)}` : '';
    return (await http<RecordAsOf>(`${ADMIN}/audit/streams/${encodeURIComponent(streamId)}${query}`)).json;
  },

  async recordDiff(streamId, from, to) {
    return (await http<RecordDiff>(`${ADMIN}/audit/streams/${encodeURIComponent(streamId)}/diff?from=${from}&to=${to}`)).json;
  },

  async lastVerification() {
    return (await http<{ last: LogVerification | null }>(`${ADMIN}/audit/verification`)).json.last;
  },

  async startVerification() {
    return (await http<{ last: LogVerification | null }>(`${ADMIN}/audit/verification`, { method: 'POST', body: {} })).json.last;
  },

  async dashboard() {
    return (await http<Dashboard>(`${ADMIN}/dashboard`)).json;
  },

  async startReplay() {
    return (await http<ReplayStatus>(`${ADMIN}/replay`, { method: 'POST', body: {} })).json;
  },

  async replayStatus() {
    return (await http<ReplayStatus>(`${ADMIN}/replay/status`)).json;
  },

  async queues() {
    return (await http<{ items: QueueOverview[] }>(`${ADMIN}/queues`)).json.items;
  },

  async parkedEvents(page, consumer) {
    const { json } = await http<{ items: ParkedEvent[]; total: number }>(`${ADMIN}/parked-events${query({ page, limit: 25, consumer })}`);
    return { items: json.items, total: json.total };
  },

  async parkedEvent(id) {
    return (await http<ParkedEventDetail>(`${ADMIN}/parked-events/${encodeURIComponent(id)}`)).json;
  },

  async retryParked(id) {
    return (
      await http<{ retried: number; still_parked: number; error: string | null }>(
        `${ADMIN}/parked-events/${encodeURIComponent(id)}/retry`,
        { method: 'POST', body: {} },
      )
    ).json;
  },

  async variantStock(variantId) {
    return (await http<VariantStockLevel>(`${ADMIN}/inventory/variants/${encodeURIComponent(variantId)}`)).json;
  },

  async adjustStock(variantId, adjustment) {
    return (
      await http<VariantStockLevel>(`${ADMIN}/inventory/variants/${encodeURIComponent(variantId)}/adjustments`, {
        method: 'POST',
        body: adjustment,
      })
    ).json;
  },

  async stockLedger(variantId) {
    return itemsOf<StockMovement>((await http(`${ADMIN}/inventory/variants/${encodeURIComponent(variantId)}/ledger`)).json);
  },

  async stockReservations(variantId, status) {
    return itemsOf<StockReservation>((await http(`${ADMIN}/inventory/reservations${query({ variant_id: variantId, status })}`)).json);
  },

  async confirmConsultationHold(orderId) {
    return (await http(`${ADMIN}/orders/${encodeURIComponent(orderId)}/hold-confirmation`, { method: 'POST', body: {} })).json;
  },

  async orderRefunds(orderId) {
    return (await http<OrderRefunds>(`${ADMIN}/orders/${encodeURIComponent(orderId)}/refunds`)).json;
  },

  async refundOrder(orderId, refund, key) {
    const headers = key ? { 'Idempotency-Key': key } : undefined;
    return (await http(`${ADMIN}/orders/${encodeURIComponent(orderId)}/refunds`, { method: 'POST', body: refund, headers })).json;
  },

  async categories() {
    type Category = { id: string; name: string };
    const { json } = await http<Category[] | { categories?: Category[] } | null>(`${API}/categories`);
    return Array.isArray(json) ? json : (json?.categories ?? []);
  },
};
