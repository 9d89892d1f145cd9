import { formatPrice } from '@facet/contracts';
import { Link } from 'react-router-dom';
import { HeartIcon, TrashIcon } from '../components/Icons';
import { Stars } from '../components/Stars';
import { CardAddButton } from '../components/CardAddButton';
import { toast } from '../features/toast/toasts';
import { useWishlist } from '../features/wishlist/useWishlist';
import type { WishlistItem } from '../features/wishlist/wishlist';
import { categoryName } from '../lib/collections';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import './WishlistPage.css';
import { picture } from '../lib/artwork';

const SHORTCUTS = [
  { to: '/category/rings', label: 'Rings' },
  { to: '/category/necklaces', label: 'Necklaces' },
  { to: '/category/earrings', label: 'Earrings' },
  { to: '/custom-design', label: 'Custom Design' },
];

export default function WishlistPage() {
  useDocumentTitle('Wishlist');
  const { items, count, remove, clear } = useWishlist();

  return (
    <div className="wishlist container">
      <header className="page-header">
        <p className="eyebrow">Saved for later</p>
        <h1 className="display-2">My Wishlist</h1>
        {count > 0 && (
          <p className="wishlist__count">
            {count} {count === 1 ? 'item' : 'items'} saved
          </p>
        )}
      </header>

      {count === 0 ? (
        <div className="state">
          <HeartIcon size={44} className="state__icon" />
          <h2 className="state__title">Your wishlist is empty</h2>
          <p className="state__text">Tap the heart on any piece to keep it here for later.</p>
          <Link to="/" className="btn btn--primary">
            Start Exploring
          </Link>
        </div>
      ) : (
        <>
          <div className="wishlist__bar">
            <button type="button" className="btn btn--text" onClick={clear}>
              Clear All
            </button>
          </div>
          <ul className="wishlist__grid">
            {items.map((item) => (
              <WishlistCard
                key={item.id}
                item={item}
                onRemove={() => {
                  remove(item.id);
                  toast({ title: 'Removed from wishlist', description: `${item.name} has been removed.` });
                }}
              />
            ))}
          </ul>
        </>
      )}

      <nav className="wishlist__shortcuts" aria-label="Keep exploring">
        <p className="eyebrow">Keep exploring</p>
        <ul>
          {SHORTCUTS.map((s) => (
            <li key={s.to}>
              <Link to={s.to} className="popular__chip">
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

function WishlistCard({ item, onRemove }: { item: WishlistItem; onRemove: () => void }) {
  const href = `/product/${item.id}`;
  const product = {
    id: item.id,
    name: item.name,
    price: item.price,
    original_price: item.originalPrice,
    image: item.image,
    category: item.category as never,
  };
  return (
    <li className="card" data-testid="wishlist-item">
      <div className="card__media">
        <Link to={href} tabIndex={-1} aria-hidden="true" className="card__image-link">
          <img src={picture(item.image)} alt="" width={600} height={600} loading="lazy" />
        </Link>
        <button type="button" className="card__heart is-saved" aria-label={`Remove ${item.name}`} onClick={onRemove}>
          <TrashIcon size={18} />
        </button>
      </div>
      <div className="card__body">
        <p className="card__category">{categoryName(item.category)}</p>
        <h2 className="card__name">
          <Link to={href}>{item.name}</Link>
        </h2>
        <p className="card__rating">
          <Stars rating={item.rating} />
          <span className="card__reviews">({item.reviewsCount})</span>
        </p>
        <p className="card__price">
          <span className="price">{formatPrice(item.price)}</span>
          {item.originalPrice != null && item.originalPrice > item.price && (
            <s className="price price--was">{formatPrice(item.originalPrice)}</s>
          )}
        </p>
        <div className="card__actions">
          <Link to={href} className="btn btn--ghost btn--small">
            View
          </Link>
          <CardAddButton product={product} disabled={!item.inStock} className="btn btn--primary btn--small" />
        </div>
      </div>
    </li>
  );
}
