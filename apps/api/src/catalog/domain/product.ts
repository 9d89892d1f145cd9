import { CategoryId } from '@facet/contracts';
import { DomainEvent } from '../../platform/event-store/decider';
import { ConflictError, NotFoundError } from '../../platform/domain/errors';

/** A product's fields as events carry them: money in integer cents. */
export interface ProductFields {
  name: string;
  description: string;
  price_cents: number;
  original_price_cents: number | null;
  image: string;
  images: string[];
  category: CategoryId;
  features: string[];
  rating: number;
  reviews_count: number;
  in_stock: boolean;
}

export type ProductCreated = DomainEvent<'ProductCreated', { product_id: string } & ProductFields>;
/** Only the fields that changed. */
export type ProductEdited = DomainEvent<'ProductEdited', { product_id: string; changes: Partial<ProductFields> }>;
export type ProductDeleted = DomainEvent<'ProductDeleted', { product_id: string }>;
export type ProductEvent = ProductCreated | ProductEdited | ProductDeleted;

/** On the catalogue stream: every product listed was removed at once. */
export type InventoryCleared = DomainEvent<'InventoryCleared', { product_ids: string[] }>;

export const PRODUCT_EVENT_TYPES = ['ProductCreated', 'ProductEdited', 'ProductDeleted', 'InventoryCleared'] as const;

export const productStream = (id: string) => `product-${id}`;
export const CATALOGUE_STREAM = 'catalogue';

export interface ProductState {
  status: 'none' | 'listed' | 'deleted';
  fields: ProductFields | null;
}

export type ProductCommand =
  | { type: 'CreateProduct'; productId: string; fields: ProductFields }
  | { type: 'EditProduct'; productId: string; changes: Partial<ProductFields> }
  | { type: 'DeleteProduct'; productId: string };

export const product = {
  initialState: (): ProductState => ({ status: 'none', fields: null }),

  evolve(state: ProductState, event: ProductEvent): ProductState {
    switch (event.type) {
      case 'ProductCreated': {
        const { product_id: _id, ...fields } = event.data;
        return { status: 'listed', fields };
      }
      case 'ProductEdited':
        return { ...state, fields: { ...(state.fields as ProductFields), ...event.data.changes } };
      case 'ProductDeleted':
        return { ...state, status: 'deleted' };
    }
  },

  decide(command: ProductCommand, state: ProductState): ProductEvent[] {
    switch (command.type) {
      case 'CreateProduct':
        if (state.status !== 'none') throw new ConflictError('A product with this id already exists.');
        return [{ type: 'ProductCreated', data: { product_id: command.productId, ...command.fields } }];
      case 'EditProduct': {
        if (state.status !== 'listed') throw new NotFoundError();
        const current = state.fields as ProductFields;
        const changes = Object.fromEntries(
          Object.entries(command.changes).filter(([k, v]) => JSON.stringify(current[k as keyof ProductFields]) !== JSON.stringify(v)),
        ) as Partial<ProductFields>;
        const merged = { ...current, ...changes };
        if (merged.original_price_cents !== null && merged.original_price_cents <= 0) {
          throw new ConflictError('original_price must be above zero.');
        }
        return Object.keys(changes).length === 0 ? [] : [{ type: 'ProductEdited', data: { product_id: command.productId, changes } }];
      }
      case 'DeleteProduct':
        if (state.status !== 'listed') throw new NotFoundError();
        return [{ type: 'ProductDeleted', data: { product_id: command.productId } }];
    }
  },
};

/** A product cleared with the inventory counts as deleted, though its own stream does not say so. */
export function withInventoryClears(state: ProductState, productId: string, clears: InventoryCleared[]): ProductState {
  return state.status === 'listed' && clears.some((c) => c.data.product_ids.includes(productId)) ? { ...state, status: 'deleted' } : state;
}
