import type { Category } from '@facet/contracts';
import { Link } from 'react-router-dom';
import { ArrowRight } from './Icons';
import './CategoryTiles.css';
import { picture } from '../lib/artwork';

/** Category tiles with the project's artwork; each links to its collection screen. */
export function CategoryTiles({ categories, short = false }: { categories: readonly Category[]; short?: boolean }) {
  return (
    <ul className="tiles">
      {categories.map((c, i) => (
        <li key={c.id} className={`theme-${c.department}`} style={{ animationDelay: `${i * 0.08}s` }}>
          <Link to={c.href} className="tile">
            <span className="tile__media">
              <img src={picture(c.image)} alt="" width={1200} height={900} loading="lazy" decoding="async" />
            </span>
            <span className="tile__text">
              <span className="tile__eyebrow">{c.department === 'men' ? 'Men' : 'Women'}</span>
              <span className="tile__name">{short ? c.name.replace(/^(Wo)?[Mm]en's /, '') : c.name}</span>
              <span className="tile__description">{c.description}</span>
              <span className="tile__cta">
                Explore <ArrowRight size={16} />
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
