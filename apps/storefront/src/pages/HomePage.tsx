import { CATEGORIES } from '@facet/contracts';
import { Link } from 'react-router-dom';
import { CategoryTiles } from '../components/CategoryTiles';
import { FeaturedSelection } from '../components/FeaturedSelection';
import { HeroCarousel } from '../components/HeroCarousel';
import { HydrateLater } from '../components/HydrateLater';
import { ArrowRight } from '../components/Icons';
import { ServiceStrip } from '../components/ServiceStrip';
import { SHOP } from '../config';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import './HomePage.css';
import { picture } from '../lib/artwork';

export default function HomePage() {
  useDocumentTitle('Fine Jewelry & Diamonds');
  return (
    <>
      <HeroCarousel />

      <section className="intro section" aria-labelledby="intro-title">
        <div className="container container--narrow intro__inner">
          <p className="eyebrow">Since {SHOP.established}</p>
          <h2 id="intro-title" className="display-2">
            Jewelry with a quiet kind of <em>brilliance</em>, made by hand on Fifth Avenue.
          </h2>
          <span className="rule rule--center" />
          <p className="lede">
            For nearly four decades our family of craftsmen has chosen every diamond by eye, set every claw by hand, and finished every
            piece to be worn for a lifetime.
          </p>
          <Link to="/about" className="link-arrow link-underline">
            Our story <ArrowRight size={16} />
          </Link>
        </div>
      </section>

      {/* Below the hero and the introduction on every device: hydrated when near the viewport (HydrateLater). */}
      <div className="section--sand">
        <HydrateLater>
          <FeaturedSelection />
        </HydrateLater>
      </div>

      <HydrateLater>
        <section className="section" aria-labelledby="categories-title">
          <div className="container">
            <div className="section-head">
              <p className="eyebrow">The Collections</p>
              <h2 id="categories-title" className="display-2">
                Shop by Category
              </h2>
              <p className="lede">Rings, necklaces, earrings and bracelets, for her and for him.</p>
            </div>
            <CategoryTiles categories={CATEGORIES} />
            <p className="home__all">
              <Link to="/catalogue" className="btn btn--outline">
                View the Full Catalogue
              </Link>
            </p>
          </div>
        </section>
      </HydrateLater>

      <HydrateLater>
        <section className="cta-pair container" aria-label="Services">
          <Link to="/custom-design" className="cta-block">
            <span className="cta-block__media">
              <img src={picture('/images/custom-design/sketch.svg')} alt="" width={1200} height={900} loading="lazy" />
            </span>
            <span className="cta-block__text">
              <span className="eyebrow">Bespoke</span>
              <span className="cta-block__title">Design a piece that is yours alone</span>
              <span className="cta-block__body">
                Choose the stone, the cut and the metal. Our master craftsmen will bring your sketch to life.
              </span>
              <span className="link-arrow">
                Begin your design <ArrowRight size={16} />
              </span>
            </span>
          </Link>
          <Link to="/contact" className="cta-block cta-block--dark">
            <span className="cta-block__media">
              <img src={picture('/images/about/atelier.svg')} alt="" width={1200} height={800} loading="lazy" />
            </span>
            <span className="cta-block__text">
              <span className="eyebrow">The Atelier</span>
              <span className="cta-block__title">Visit us, or speak with a specialist</span>
              <span className="cta-block__body">
                Private appointments on Fifth Avenue, or a consultation by phone. We reply within 24 hours.
              </span>
              <span className="link-arrow">
                Book a consultation <ArrowRight size={16} />
              </span>
            </span>
          </Link>
        </section>
      </HydrateLater>

      <HydrateLater>
        <ServiceStrip />
      </HydrateLater>
    </>
  );
}
