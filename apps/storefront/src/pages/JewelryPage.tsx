import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { CategoryTiles } from '../components/CategoryTiles';
import { ProductGrid, SkeletonGrid } from '../components/ProductCard';
import { MEN_CATEGORIES, WOMEN_CATEGORIES } from '../lib/collections';
import { JEWELRY_FETCH_LIMIT, type ListData } from '../routing/loaders';
import { usePageData } from '../routing/usePageData';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import './JewelryPage.css';

/** Page sizes (spec section 9): 20 products loaded, the first 3 shown as featured pieces. */
export { JEWELRY_FETCH_LIMIT };
export const JEWELRY_FEATURED = 3;

export default function JewelryPage() {
  useDocumentTitle('Fine Jewelry');
  const { hash } = useLocation();
  // Read by the route's loader: undefined while the route renders as its hydrate fallback (loading), null
  // when they could not be read (logged there; the empty state shows).
  const loaded = usePageData<ListData>('jewelry');

  // /jewelry#mens-jewelry scrolls the men's section into view.
  useEffect(() => {
    if (!hash) return;
    const el = document.getElementById(decodeURIComponent(hash.slice(1)));
    el?.scrollIntoView({ block: 'start' });
  }, [hash]);

  const featured = loaded?.list.products.slice(0, JEWELRY_FEATURED) ?? [];

  return (
    <>
      <header className="page-header jewelry-header">
        <div className="container">
          <p className="eyebrow">Facet Fine Jewelry</p>
          <h1 className="display-1">Fine Jewelry</h1>
          <p className="lede">Eight collections, one standard. Diamonds and precious metals shaped by hand for her and for him.</p>
        </div>
      </header>

      <section className="section--tight theme-women" id="womens-jewelry" aria-labelledby="women-title">
        <div className="container">
          <div className="jewelry__head">
            <p className="eyebrow">For Her</p>
            <h2 id="women-title" className="display-3">
              Women&apos;s Jewelry
            </h2>
          </div>
          <CategoryTiles categories={WOMEN_CATEGORIES} short />
        </div>
      </section>

      <section className="section--tight theme-men jewelry__men" id="mens-jewelry" aria-labelledby="men-title">
        <div className="container">
          <div className="jewelry__head">
            <p className="eyebrow">For Him</p>
            <h2 id="men-title" className="display-3">
              Men&apos;s Jewelry
            </h2>
          </div>
          <CategoryTiles categories={MEN_CATEGORIES} short />
        </div>
      </section>

      <section className="section" aria-labelledby="featured-title">
        <div className="container">
          <div className="section-head">
            <p className="eyebrow">Featured Pieces</p>
            <h2 id="featured-title" className="display-2">
              From the Atelier
            </h2>
          </div>
          {loaded === undefined ? (
            <div className="jewelry__featured">
              <SkeletonGrid count={JEWELRY_FEATURED} />
            </div>
          ) : featured.length === 0 ? (
            <p className="state__text jewelry__none">No products available in catalogue</p>
          ) : (
            <div className="jewelry__featured">
              <ProductGrid products={featured} eagerCount={0} label="Featured pieces" />
            </div>
          )}
          <p className="jewelry__all">
            <Link to="/catalogue" className="btn btn--outline">
              Browse the Full Catalogue
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
