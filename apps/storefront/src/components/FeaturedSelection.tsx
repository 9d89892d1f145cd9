import { formatPrice, isOnSale, type Product } from '@facet/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { toggleWishlistWithToast } from '../features/shopActions';
import { CardAddButton } from './CardAddButton';
import { useWishlist } from '../features/wishlist/useWishlist';
import { categoryName } from '../lib/collections';
import { FEATURED_FADE_MS, featuredDelay, wrapIndex } from '../lib/rotation';
import type { HomeData } from '../routing/loaders';
import { usePageData } from '../routing/usePageData';
import { HeartIcon } from './Icons';
import { Stars } from './Stars';
import './FeaturedSelection.css';
import { picture } from '../lib/artwork';

/**
 * 'Selection': four random pieces, one at a time. The first change comes after 3 s, then every 5 s, each
 * a 1.2 s fade-out followed by a fade-in. It holds still while focus is in it or the pointer over it.
 */
export function FeaturedSelection() {
  // Read by the home route's loader: undefined while the route renders as its hydrate fallback (loading),
  // null when they could not be read (logged there; the empty state shows).
  const loaded = usePageData<HomeData>('home');
  const load: { state: 'loading' } | { state: 'loaded'; products: Product[] } =
    loaded === undefined ? { state: 'loading' } : { state: 'loaded', products: loaded?.featured ?? [] };
  const [index, setIndex] = useState(0);
  const [fading, setFading] = useState(false);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const rotations = useRef(0);
  const { has } = useWishlist();

  const count = load.state === 'loaded' ? load.products.length : 0;

  useEffect(() => {
    if (count < 2 || paused || hovered) {
      setFading(false); // held mid-fade: the piece comes back rather than staying faded out
      return;
    }
    let swap: ReturnType<typeof setTimeout> | undefined;
    const start = setTimeout(() => {
      setFading(true);
      swap = setTimeout(() => {
        rotations.current += 1;
        setIndex((i) => wrapIndex(i + 1, count));
        setFading(false);
      }, FEATURED_FADE_MS);
    }, featuredDelay(rotations.current));
    return () => {
      clearTimeout(start);
      if (swap) clearTimeout(swap);
    };
  }, [index, count, paused, hovered]);

  const show = (i: number) => {
    setFading(false);
    setIndex(i);
  };

  return (
    // Held still while the pointer is over it, like the hero: a piece does not fade away under a reader.
    <section
      className="selection section"
      aria-labelledby="selection-title"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <div className="container">
        <div className="section-head">
          <p className="eyebrow">Chosen this week</p>
          <h2 id="selection-title" className="display-2">
            Selection
          </h2>
        </div>
        {load.state === 'loading' ? (
          <div className="selection__frame selection__frame--empty" role="status">
            <p className="selection__status">Loading...</p>
          </div>
        ) : count === 0 ? (
          <div className="selection__frame selection__frame--empty">
            <p className="selection__status">No products available in catalogue</p>
          </div>
        ) : (
          <SelectionPiece product={load.products[index]} fading={fading} saved={has(load.products[index].id)} onFocusWithin={setPaused} />
        )}
        {count > 1 && (
          <div className="selection__thumbs" role="group" aria-label="Choose a piece">
            {load.state === 'loaded' &&
              load.products.map((p, i) => (
                <button
                  key={p.id}
                  type="button"
                  className={`selection__thumb${i === index ? ' is-active' : ''}`}
                  aria-label={`Show ${p.name}`}
                  aria-current={i === index}
                  onClick={() => show(i)}
                >
                  <img src={picture(p.image)} alt="" width={72} height={72} loading="lazy" />
                </button>
              ))}
          </div>
        )}
      </div>
    </section>
  );
}

function SelectionPiece({
  product,
  fading,
  saved,
  onFocusWithin,
}: {
  product: Product;
  fading: boolean;
  saved: boolean;
  onFocusWithin: (focused: boolean) => void;
}) {
  const href = `/product/${product.id}`;
  return (
    <div
      className={`selection__frame selection__piece${fading ? ' is-fading' : ''}`}
      style={{ transitionDuration: `${FEATURED_FADE_MS}ms` }}
      onFocus={() => onFocusWithin(true)}
      onBlur={() => onFocusWithin(false)}
      data-testid="featured-product"
    >
      <Link to={href} className="selection__media" tabIndex={-1} aria-hidden="true">
        <img src={picture(product.image)} alt="" width={800} height={800} loading="lazy" />
      </Link>
      <div className="selection__text">
        <p className="eyebrow">{categoryName(product.category)}</p>
        <h3 className="selection__name">
          <Link to={href}>{product.name}</Link>
        </h3>
        <p className="selection__rating">
          <Stars rating={product.rating} />
          <span>({product.reviews_count ?? 0})</span>
        </p>
        <p className="selection__description">{product.description}</p>
        <p className="selection__price">
          <span className="price">{formatPrice(product.price)}</span>
          {isOnSale(product) && <s className="price price--was">{formatPrice(product.original_price as number)}</s>}
        </p>
        <div className="selection__actions">
          <CardAddButton product={product} disabled={!product.in_stock} className="btn btn--primary" />
          <button
            type="button"
            className={`icon-btn selection__heart${saved ? ' is-saved' : ''}`}
            aria-pressed={saved}
            aria-label={saved ? `Remove ${product.name} from wishlist` : `Add ${product.name} to wishlist`}
            onClick={() => toggleWishlistWithToast(product)}
          >
            <HeartIcon filled={saved} />
          </button>
          <Link to={href} className="link-arrow link-underline">
            View the piece
          </Link>
        </div>
      </div>
    </div>
  );
}
