import type { ReactNode } from 'react';
import { SHOP } from '../config';
import { useDocumentTitle } from '../lib/useDocumentTitle';

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <article className="container container--narrow legal">
      <header className="page-header">
        <p className="eyebrow">Legal</p>
        <h1 className="display-2">{title}</h1>
        <p className="muted legal__revised">Last revised: {SHOP.legalRevised}</p>
      </header>
      <div className="prose legal__body">{children}</div>
    </article>
  );
}
