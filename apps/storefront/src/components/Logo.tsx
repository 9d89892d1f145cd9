/** The Facet wordmark from the brand artwork, sized by CSS so the header never shifts. */
export function Logo({ className = 'logo' }: { className?: string }) {
  return <img className={className} src="/images/brand/logo.svg" alt="Facet" width={187} height={40} />;
}
