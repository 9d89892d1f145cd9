import { formatPrice, isOnSale, type Product } from '@facet/contracts';
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { toggleWishlistWithToast } from '../features/shopActions';
import { useWishlist } from '../features/wishlist/useWishlist';
import { categoryName } from '../lib/collections';
import { CardAddButton } from './CardAddButton';
import { HeartIcon } from './Icons';
import { Stars } from './Stars';
import './ProductCard.css';
import { picture } from '../lib/artwork';

export interface ProductCardProps {
  product: Product;
  /** Position in the grid, for the staggered entrance. */
  index?: number;
  /** Seconds between cards: 0.08 on collections, 0.05 on the catalogue. */
  delayStep?: number;
  layout?: 'grid' | 'list';
  /** Above the fold: load the image eagerly. */
  eager?: boolean;
}

export function ProductCard({ product, index = 0, delayStep = 0.08, layout = 'grid', eager = false }: ProductCardProps) {
  const { has } = useWishlist();
  const saved = has(product.id);
  const href = `/product/${product.id}`;
  const style = { '--enter-delay': `${(index * delayStep).toFixed(2)}s` } as CSSProperties;

  return (
    <article className={`card card--${layout}`} style={style} data-testid="product-card">
      <div className="card__media">
        <Link to={href} tabIndex={-1} aria-hidden="true" className="card__image-link">
          <img src={picture(product.image)} alt="" width={600} height={600} loading={eager ? 'eager' : 'lazy'} decoding="async" />
        </Link>
        <div className="card__badges">
          {isOnSale(product) && <span className="badge badge--sale">Sale</span>}
          {!product.in_stock && <span className="badge badge--muted">Out of Stock</span>}
        </div>
        <button
          type="button"
          className={`card__heart${saved ? ' is-saved' : ''}`}
          aria-pressed={saved}
          aria-label={saved ? `Remove ${product.name} from wishlist` : `Add ${product.name} to wishlist`}
          onClick={() => toggleWishlistWithToast(product)}
        >
          <HeartIcon filled={saved} size={18} />
        </button>
      </div>
      <div className="card__body">
        <p className="card__category">{categoryName(product.category)}</p>
        <h3 className="card__name">
          <Link to={href}>{product.name}</Link>
        </h3>
        <p className="card__description">{product.description}</p>
        <p className="card__rating">
          <Stars rating={product.rating} />
          <span className="card__reviews">({product.reviews_count ?? 0})</span>
        </p>
        <p className="card__price">
          <span className="price">{formatPrice(product.price)}</span>
          {isOnSale(product) && (
            <s className="price price--was">
              <span className="visually-hidden">Was </span>
              {formatPrice(product.original_price as number)}
            </s>
          )}
        </p>
        <div className="card__actions">
          <Link to={href} className="btn btn--ghost btn--small" aria-label={`View ${product.name}`}>
            View
          </Link>
          <CardAddButton product={product} disabled={!product.in_stock} className="btn btn--primary btn--small" />
        </div>
      </div>
    </article>
  );
}

/** Same footprint as a card, so nothing moves when products arrive. */
export function ProductCardSkeleton({ layout = 'grid' }: { layout?: 'grid' | 'list' }) {
  return (
    <div className={`card card--${layout} card--skeleton`} aria-hidden="true">
      <div className="card__media skeleton" />
      <div className="card__body">
        <span className="skeleton skeleton--line" style={{ width: '40%' }} />
        <span className="skeleton skeleton--title" style={{ width: '75%' }} />
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line" style={{ width: '60%' }} />
        <span className="skeleton skeleton--line" style={{ width: '30%' }} />
      </div>
    </div>
  );
}

export function ProductGrid({
  products,
  delayStep,
  layout = 'grid',
  eagerCount = 4,
  label,
}: {
  products: Product[];
  delayStep?: number;
  layout?: 'grid' | 'list';
  eagerCount?: number;
  label?: string;
}) {
  return (
    <div className="grid-container">
      <ul className={`product-grid product-grid--${layout}`} aria-label={label}>
        {products.map((p, i) => (
          <li key={p.id}>
            <ProductCard product={p} index={i} delayStep={delayStep} layout={layout} eager={i < eagerCount} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SkeletonGrid({ count = 8, layout = 'grid' }: { count?: number; layout?: 'grid' | 'list' }) {
  return (
    <div className="grid-container" aria-hidden="true">
      <ul className={`product-grid product-grid--${layout}`}>
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <ProductCardSkeleton layout={layout} />
          </li>
        ))}
      </ul>
    </div>
  );
}
