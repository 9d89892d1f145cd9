import { Link } from 'react-router-dom';
import { SHOP, telHref } from '../config';
import { MEN_CATEGORIES, WOMEN_CATEGORIES } from '../lib/collections';
import './Footer.css';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <img className="site-footer__logo" src="/images/brand/logo.svg" alt="Facet" width={187} height={40} loading="lazy" />
          <p>
            Fine jewelry and diamonds, designed and set by hand in our New York atelier. Every piece is made to be worn for a lifetime, and
            handed down after.
          </p>
          <p className="site-footer__established">Established {SHOP.established}</p>
        </div>
        <nav className="site-footer__col" aria-label="Women's jewelry">
          <h2 className="site-footer__heading">Women</h2>
          <ul>
            {WOMEN_CATEGORIES.map((c) => (
              <li key={c.id}>
                <Link to={c.href}>{c.name.replace("Women's ", '')}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="site-footer__col" aria-label="Men's jewelry">
          <h2 className="site-footer__heading">Men</h2>
          <ul>
            {MEN_CATEGORIES.map((c) => (
              <li key={c.id}>
                <Link to={c.href}>{c.name.replace("Men's ", '')}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="site-footer__col" aria-label="The house">
          <h2 className="site-footer__heading">The House</h2>
          <ul>
            <li>
              <Link to="/about">Our Story</Link>
            </li>
            <li>
              <Link to="/custom-design">Custom Design</Link>
            </li>
            <li>
              <Link to="/catalogue">Catalogue</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
          </ul>
        </nav>
        <div className="site-footer__col">
          <h2 className="site-footer__heading">Client Care</h2>
          <ul>
            {SHOP.phones.map((phone) => (
              <li key={phone}>
                <a href={telHref(phone)}>{phone}</a>
              </li>
            ))}
            <li>
              <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a>
            </li>
            <li className="site-footer__address">
              {SHOP.address[0]}
              <br />
              {SHOP.address[1]}
            </li>
          </ul>
        </div>
      </div>
      <div className="container site-footer__bottom">
        <p>
          © {new Date().getFullYear()} {SHOP.name}. All rights reserved. Prices in USD.
        </p>
        <ul className="site-footer__legal">
          <li>
            <Link to="/privacy-policy">Privacy Policy</Link>
          </li>
          <li>
            <Link to="/terms-of-service">Terms of Service</Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
