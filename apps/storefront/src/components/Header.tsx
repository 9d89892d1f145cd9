import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useCart } from '../features/cart/useCart';
import { useWishlist } from '../features/wishlist/useWishlist';
import { MEN_CATEGORIES, WOMEN_CATEGORIES } from '../lib/collections';
import { BagIcon, ChevronDown, CloseIcon, HeartIcon, MenuIcon } from './Icons';
import { Logo } from './Logo';
import { UserMenu, useLogout } from './UserMenu';
import { useAuth } from '../features/auth/useAuth';
import { SearchBox } from './SearchBox';
import './Header.css';
import { picture } from '../lib/artwork';

/** Short labels for the menu columns: "Rings" rather than "Women's Rings". */
const shortName = (name: string) => name.replace(/^(Wo)?[Mm]en's /, '');

export const NAV_LINKS = [
  { to: '/custom-design', label: 'Custom Design' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
] as const;

export function Header() {
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);

  // Any navigation closes the dropdown and the mobile menu.
  useEffect(() => {
    setMenuOpen(false);
    setMobileOpen(false);
  }, [location.pathname, location.search, location.hash]);

  useEffect(() => {
    document.body.style.overflow = mobileOpen ? 'hidden' : '';
    return () => {
      document.body.style.overflow = '';
    };
  }, [mobileOpen]);

  return (
    <header className="site-header">
      <p className="announce">
        <span>Complimentary shipping on orders over $500</span>
        <span aria-hidden="true" className="announce__dot">
          ·
        </span>
        <span className="announce__extra">Lifetime warranty &amp; 30-day returns</span>
      </p>
      <div className="masthead container">
        <div className="masthead__left">
          <button
            type="button"
            className="icon-btn masthead__menu-toggle"
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            onClick={() => setMobileOpen((o) => !o)}
          >
            {mobileOpen ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
          </button>
          <div className="masthead__search">
            <SearchBox />
          </div>
        </div>
        <Link to="/" className="masthead__logo" aria-label="Facet, home">
          <Logo />
        </Link>
        <HeaderIcons />
      </div>
      <nav className="mainnav" aria-label="Main">
        <ul className="mainnav__list">
          <li className="mainnav__item mainnav__item--menu" onMouseEnter={() => setMenuOpen(true)} onMouseLeave={() => setMenuOpen(false)}>
            <FineJewelryMenu open={menuOpen} setOpen={setMenuOpen} />
          </li>
          {NAV_LINKS.map((l) => (
            <li key={l.to} className="mainnav__item">
              <NavLink to={l.to} className="mainnav__link">
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {mobileOpen && <MobileMenu onClose={() => setMobileOpen(false)} />}
    </header>
  );
}

function HeaderIcons() {
  const { count: cartCount } = useCart();
  const { count: wishCount } = useWishlist();
  return (
    <div className="masthead__icons">
      <UserMenu />
      <Link to="/wishlist" className="icon-btn has-badge" aria-label={`Wishlist, ${wishCount} ${wishCount === 1 ? 'item' : 'items'}`}>
        <HeartIcon />
        {wishCount > 0 && (
          <span className="count-badge" aria-hidden="true" data-testid="wishlist-count">
            {wishCount}
          </span>
        )}
      </Link>
      <Link to="/cart" className="icon-btn has-badge" aria-label={`Your selection, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`}>
        <BagIcon />
        {cartCount > 0 && (
          <span className="count-badge" aria-hidden="true" data-testid="cart-count">
            {cartCount}
          </span>
        )}
      </Link>
    </div>
  );
}

function FineJewelryMenu({ open, setOpen }: { open: boolean; setOpen: (o: boolean) => void }) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        ref.current?.querySelector<HTMLButtonElement>('button')?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, setOpen]);

  return (
    <div ref={ref} className="megamenu">
      <button
        type="button"
        className="mainnav__link mainnav__trigger"
        aria-expanded={open}
        aria-controls="fine-jewelry-menu"
        onClick={() => setOpen(!open)}
      >
        Fine Jewelry <ChevronDown size={14} />
      </button>
      <div id="fine-jewelry-menu" className={`megamenu__panel${open ? ' is-open' : ''}`} hidden={!open}>
        <div className="megamenu__inner container">
          <div className="megamenu__column theme-women">
            <p className="eyebrow">Women</p>
            <ul>
              {WOMEN_CATEGORIES.map((c) => (
                <li key={c.id}>
                  <Link to={c.href}>{shortName(c.name)}</Link>
                </li>
              ))}
            </ul>
          </div>
          <div className="megamenu__column theme-men">
            <p className="eyebrow">Men</p>
            <ul>
              {MEN_CATEGORIES.map((c) => (
                <li key={c.id}>
                  <Link to={c.href}>{shortName(c.name)}</Link>
                </li>
              ))}
            </ul>
          </div>
          <div className="megamenu__column">
            <p className="eyebrow">Discover</p>
            <ul>
              <li>
                <Link to="/jewelry">All Fine Jewelry</Link>
              </li>
              <li>
                <Link to="/catalogue">The Catalogue</Link>
              </li>
              <li>
                <Link to="/custom-design">Bespoke Design</Link>
              </li>
            </ul>
          </div>
          <Link to="/jewelry/rings" className="megamenu__feature">
            <img src={picture('/images/categories/women-rings.svg')} alt="" width={1200} height={900} loading="lazy" />
            <span className="megamenu__feature-text">
              <span className="eyebrow">The Ring Edit</span>
              <span className="megamenu__feature-title">Engagement &amp; eternity</span>
            </span>
          </Link>
        </div>
      </div>
    </div>
  );
}

function MobileMenu({ onClose }: { onClose: () => void }) {
  const { user } = useAuth();
  const logout = useLogout();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div id="mobile-menu" className="mobile-menu" role="dialog" aria-modal="true" aria-label="Menu">
      <div className="mobile-menu__search">
        <SearchBox onNavigate={onClose} />
      </div>
      <nav aria-label="Mobile">
        <p className="eyebrow mobile-menu__heading">Women</p>
        <ul className="mobile-menu__list theme-women">
          {WOMEN_CATEGORIES.map((c) => (
            <li key={c.id}>
              <Link to={c.href}>{shortName(c.name)}</Link>
            </li>
          ))}
        </ul>
        <p className="eyebrow mobile-menu__heading theme-men">Men</p>
        <ul className="mobile-menu__list">
          {MEN_CATEGORIES.map((c) => (
            <li key={c.id}>
              <Link to={c.href}>{shortName(c.name)}</Link>
            </li>
          ))}
        </ul>
        <ul className="mobile-menu__links">
          <li>
            <Link to="/jewelry">All Fine Jewelry</Link>
          </li>
          <li>
            <Link to="/catalogue">Catalogue</Link>
          </li>
          {NAV_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to}>{l.label}</Link>
            </li>
          ))}
          {user ? (
            <>
              <li>
                <Link to="/profile">Profile</Link>
              </li>
              <li>
                <Link to="/orders">Orders</Link>
              </li>
              <li>
                <button type="button" className="mobile-menu__logout" onClick={logout}>
                  Logout
                </button>
              </li>
            </>
          ) : (
            <li>
              <Link to="/login">Sign In</Link>
            </li>
          )}
        </ul>
      </nav>
    </div>
  );
}
