import { Link } from 'react-router-dom';
import { DiamondIcon } from '../components/Icons';
import { useDocumentTitle } from '../lib/useDocumentTitle';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="state container not-found">
      <DiamondIcon size={48} className="state__icon" />
      <p className="eyebrow">Error 404</p>
      <h1 className="display-2">This page has slipped its setting</h1>
      <p className="state__text">The page you are looking for does not exist or has moved. Let us take you somewhere more brilliant.</p>
      <div className="not-found__actions">
        <Link to="/" className="btn btn--primary">
          Back to Home
        </Link>
        <Link to="/catalogue" className="btn btn--outline">
          Browse the Catalogue
        </Link>
      </div>
    </div>
  );
}
