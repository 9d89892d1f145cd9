import {
  engravingProblem,
  findCategory,
  formatPrice,
  isOnSale,
  type Product,
  type ProductReviews as ProductReviewsData,
  type ProductVariant,
} from '@facet/contracts';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { HydrateLater } from '../components/HydrateLater';
import { ArrowLeft, HeartIcon, ShareIcon } from '../components/Icons';
import { ProductGrid } from '../components/ProductCard';
import { ProductReviews } from '../components/ProductReviews';
import { EngravingField, OptionPicker } from '../components/ProductChoices';
import { QuantityStepper } from '../components/QuantityStepper';
import { PROMISES } from '../components/ServiceStrip';
import { Stars } from '../components/Stars';
import { addToSelection, toggleWishlistWithToast, type ChooseOptionsState } from '../features/shopActions';
import { toast } from '../features/toast/toasts';
import { useWishlist } from '../features/wishlist/useWishlist';
import { sharePage } from '../lib/share';
import { takeEarlyChoices } from '../lib/earlyChoices';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { RELATED_COUNT, type ProductData } from '../routing/loaders';
import { usePageData } from '../routing/usePageData';
import './ProductPage.css';
import { picture } from '../lib/artwork';
import {
  availabilityOf,
  canOrder,
  chooseOption,
  galleryFor,
  hasVariants,
  initialVariant,
  lineLabel,
  priceOf,
  productOptions,
  productVariants,
  quantityLimit,
  wordsOf,
  type VariantProduct,
} from '../lib/variants';

export { RELATED_COUNT };

/**
 * A piece as the route's loader read it (with its related pieces and reviews): undefined while the route
 * renders as its hydrate fallback (the skeleton), null when the catalogue could not be read.
 */
export default function ProductPage() {
  const loaded = usePageData<ProductData>('product');
  if (loaded === undefined) return <ProductSkeleton />;
  if (loaded === null || loaded.error) return <ProductUnreadable reason={loaded?.error} />;
  if (!loaded.product) return <ProductGone />;
  return <ProductDetail key={loaded.product.id} product={loaded.product} related={loaded.related} reviews={loaded.reviews} />;
}

/** The loader could not read the piece (it logged why): the shopper is told, and can go back home. */
function ProductUnreadable({ reason = 'Something went wrong. Please try again.' }: { reason?: string }) {
  useEffect(() => {
    toast({ title: 'Error loading product', description: reason, variant: 'destructive' });
  }, [reason]);
  return (
    <div className="state container">
      <h1 className="state__title">This piece could not be loaded</h1>
      <p className="state__text">Please try again in a moment.</p>
      <Link to="/" className="btn btn--primary">
        Back to Home
      </Link>
    </div>
  );
}

/** An unknown product leads back home (the server also answers 404, with this message for a moment). */
function ProductGone() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate('/', { replace: true });
  }, [navigate]);
  return (
    <div className="state container">
      <h1 className="state__title">This piece is no longer available</h1>
      <p className="state__text">Taking you back to our home page.</p>
      <Link to="/" className="btn btn--primary">
        Back to Home
      </Link>
    </div>
  );
}

/** "a size", "a metal and a size", "a length, a metal and a size". */
function chooseWhat(names: string[]): string {
  const each = names.map((n) => `a ${n}`);
  return each.length < 2 ? each.join('') : `${each.slice(0, -1).join(', ')} and ${each[each.length - 1]}`;
}

/** The query parameter naming the chosen variant, so a link shares the size or metal chosen. */
export const VARIANT_PARAM = 'variant';

function ProductDetail({
  product: p,
  related,
  reviews,
}: {
  product: VariantProduct;
  related?: Product[];
  reviews?: ProductReviewsData | null;
}) {
  useDocumentTitle(p.name);
  const [params, setParams] = useSearchParams();
  const variants = productVariants(p);
  const options = productOptions(p);
  // The URL is the choice: the server renders the variant a shared link names, and the browser keeps it.
  const variant = initialVariant(p, params.get(VARIANT_PARAM));
  const images = galleryFor(p, variant);
  const words = wordsOf(p, variant);
  const [shown, setShown] = useState({ variantId: variant.id, index: 0 });
  const active = shown.variantId === variant.id && shown.index < images.length ? shown.index : 0;
  const [quantity, setQuantity] = useState(1);
  const [engraving, setEngraving] = useState('');
  const engravingRule = p.engraving ?? null;
  const { has } = useWishlist();
  const saved = has(p.id);
  const category = findCategory(p.category);
  const theme = category?.department ?? 'women';
  const { price, wasPrice } = priceOf(p, variant);
  const availability = availabilityOf(p, variant);
  const orderable = canOrder(p, variant);
  const limit = quantityLimit(variant);
  // A card's Add to Cart brings a piece with options here, to choose them: the page says so.
  const fromCard = (useLocation().state as Partial<ChooseOptionsState> | null)?.chooseOptions === true && options.length > 0;

  const onChoose = (name: string, value: string) => {
    const next = chooseOption(variants, variant.options, name, value);
    if (next && next.id !== variant.id) choose(next);
  };
  const choose = (next: ProductVariant) => {
    const max = quantityLimit(next);
    if (max !== null && quantity > max) setQuantity(max);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set(VARIANT_PARAM, next.id);
        return updated;
      },
      // flushSync: the page shows the chosen variant (its words, details and pictures) as the URL names it, not
      // a moment later in a transition (the address bar and the screen never disagree).
      { replace: true, preventScrollReset: true, flushSync: true },
    );
  };

  // What the shopper chose on the server's page before it was hydrated wins over the URL's variant.
  useEffect(() => {
    const early = takeEarlyChoices(p.id);
    let chosen = variant;
    for (const [name, value] of Object.entries(early)) {
      if (chosen.options[name] === value) continue;
      chosen = chooseOption(variants, chosen.options, name, value) ?? chosen;
    }
    if (chosen.id !== variant.id) choose(chosen);
    // Once, on the first render in the browser.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const add = () => {
    if (engravingRule && engravingProblem(engraving, engravingRule)) {
      document.getElementById('engraving')?.focus();
      return;
    }
    addToSelection({ ...p, price, image: variant.image ?? p.image }, quantity, {
      variantId: hasVariants(p) ? variant.id : null,
      variantLabel: lineLabel(variant),
      engraving: engravingRule ? engraving : '',
    });
  };

  return (
    <div className={`product theme-${theme}`}>
      <div className="container">
        <div className="product__top">
          <Link to="/" className="btn btn--text product__back">
            <ArrowLeft size={16} /> Back to Home
          </Link>
          <nav aria-label="Breadcrumb">
            <ol className="breadcrumbs">
              <li>
                <Link to="/">Home</Link>
              </li>
              {category && (
                <li>
                  <Link to={category.href}>{category.name}</Link>
                </li>
              )}
              <li aria-current="page">{p.name}</li>
            </ol>
          </nav>
        </div>

        <div className="product__layout">
          <section className="gallery" aria-label="Images">
            <div className="gallery__main">
              {images.map((image, i) => (
                <img
                  key={image.src + i}
                  src={picture(image.src)}
                  alt={i === active ? image.alt || `${p.name}, view ${i + 1} of ${images.length}` : ''}
                  width={900}
                  height={900}
                  className={i === active ? 'is-active' : ''}
                  aria-hidden={i !== active}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                />
              ))}
              <div className="gallery__badges">
                {isOnSale({ price, original_price: p.original_price }) && <span className="badge badge--sale">Sale</span>}
              </div>
            </div>
            {images.length > 1 && (
              <div className="gallery__thumbs" role="group" aria-label="Choose an image">
                {images.map((image, i) => (
                  <button
                    key={image.src + i}
                    type="button"
                    className={`gallery__thumb${i === active ? ' is-active' : ''}`}
                    aria-label={`Show image ${i + 1}`}
                    aria-current={i === active}
                    onClick={() => setShown({ variantId: variant.id, index: i })}
                  >
                    <img src={picture(image.src)} alt="" width={120} height={120} loading="lazy" />
                  </button>
                ))}
              </div>
            )}
          </section>

          <section className="product__info" aria-labelledby="product-name">
            {category && (
              <Link to={category.href} className="badge badge--accent product__category">
                {category.name}
              </Link>
            )}
            <h1 id="product-name" className="product__name">
              {p.name}
            </h1>
            <p className="product__rating">
              <Stars rating={p.rating ?? 0} size={16} />
              {p.reviews_count ? <span>{(p.rating ?? 0).toFixed(1)}</span> : null}
              <a className="product__reviews" href="#reviews">
                {p.reviews_count ? `(${p.reviews_count} ${p.reviews_count === 1 ? 'review' : 'reviews'})` : 'No reviews yet'}
              </a>
            </p>
            <div className="product__price" data-testid="product-price">
              <span className="price">{formatPrice(price)}</span>
              {wasPrice !== null && (
                <>
                  <s className="price price--was">
                    <span className="visually-hidden">Original price </span>
                    {formatPrice(wasPrice)}
                  </s>
                  <span className="badge badge--sale">Save {formatPrice(Math.round((wasPrice - price) * 100) / 100)}</span>
                </>
              )}
            </div>
            <p className="product__description" data-testid="product-description">
              {words.description}
            </p>
            {words.features.length > 0 && (
              <div className="product__features" data-testid="product-details">
                <h2 className="product__subhead">Details</h2>
                <ul>
                  {words.features.map((f) => (
                    <li key={f}>{f}</li>
                  ))}
                </ul>
              </div>
            )}

            {(options.length > 0 || engravingRule) && (
              <div className="product__choices" data-product-id={p.id}>
                {fromCard && (
                  <p className="product__choose" role="status" data-testid="choose-options">
                    Choose {chooseWhat(options.map((o) => o.name))}, then add it to your selection.
                  </p>
                )}
                {options.map((option) => (
                  <OptionPicker key={option.name} option={option} variants={variants} chosen={variant} onChoose={onChoose} />
                ))}
                {engravingRule && <EngravingField rule={engravingRule} value={engraving} onChange={setEngraving} />}
              </div>
            )}

            <div className="product__stock" role="status" data-testid="product-availability">
              {hasVariants(p) ? (
                <p className={`product__availability is-${availability.tone}`}>{availability.text}</p>
              ) : (
                <span className={`badge badge--${availability.tone}`}>{availability.text}</span>
              )}
            </div>

            <div className="product__buy">
              <QuantityStepper value={quantity} onChange={setQuantity} max={limit ?? undefined} />
              <button type="button" className="btn btn--primary product__add" disabled={!orderable} onClick={add}>
                {orderable || !hasVariants(p) || !p.in_stock ? 'Add to Cart' : 'Sold Out'}
              </button>
            </div>
            <div className="product__secondary">
              <button
                type="button"
                className={`btn btn--ghost${saved ? ' is-saved' : ''}`}
                aria-pressed={saved}
                onClick={() => toggleWishlistWithToast(p)}
              >
                <HeartIcon size={16} filled={saved} className="product__heart" />
                {saved ? 'In Wishlist' : 'Add to Wishlist'}
              </button>
              <button type="button" className="btn btn--ghost" onClick={() => sharePage(p.name, window.location.href)}>
                <ShareIcon size={16} /> Share
              </button>
            </div>

            <ul className="trust">
              {PROMISES.slice(0, 3).map(({ icon: Icon, title, text }) => (
                <li key={title}>
                  <Icon size={22} />
                  <span>
                    <strong>{title}</strong>
                    <span>{text}</span>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
      {/* Below the piece's first screen: what the route's loader read, hydrated when near the viewport. */}
      <HydrateLater>
        <ProductReviews reviews={reviews ?? null} />
      </HydrateLater>
      <HydrateLater>
        <Related related={related ?? []} />
      </HydrateLater>
    </div>
  );
}

/** Pieces of the same category, as the route's loader read them (none when it could not: the section goes). */
function Related({ related }: { related: Product[] }) {
  if (related.length === 0) return null;
  return (
    <section className="related section" aria-labelledby="related-title">
      <div className="container">
        <div className="section-head">
          <p className="eyebrow">Complete the look</p>
          <h2 id="related-title" className="display-2">
            You May Also Like
          </h2>
        </div>
        <div className="related__grid">
          <ProductGrid products={related} eagerCount={0} label="Related pieces" />
        </div>
      </div>
    </section>
  );
}

function ProductSkeleton() {
  return (
    <div className="product container" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading...
      </p>
      <div className="product__top">
        <span className="skeleton skeleton--line" style={{ width: 140 }} />
      </div>
      <div className="product__layout">
        <div className="gallery">
          <div className="gallery__main skeleton" />
        </div>
        <div className="product__info">
          <span className="skeleton skeleton--line" style={{ width: 120 }} />
          <span className="skeleton" style={{ height: 48, width: '80%' }} />
          <span className="skeleton skeleton--line" style={{ width: 180 }} />
          <span className="skeleton skeleton--title" style={{ width: 140 }} />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line" style={{ width: '70%' }} />
        </div>
      </div>
    </div>
  );
}
