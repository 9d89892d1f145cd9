import './LineChoice.css';

/**
 * What a shopper chose for a line beyond the piece: its variant ("Size 6.5") and its engraving, shown the
 * same way on the bag, checkout, the consultation form, the confirmation and My Orders. Nothing for a plain line.
 */
export function LineChoice({ label, engraving }: { label: string | null | undefined; engraving: string | null | undefined }) {
  if (!label && !engraving) return null;
  return (
    <span className="line-choice">
      {label && (
        <span className="line-choice__item" data-testid="line-variant">
          {label}
        </span>
      )}
      {engraving && (
        <span className="line-choice__item" data-testid="line-engraving">
          Engraving <q className="line-choice__engraving">{engraving}</q>
        </span>
      )}
    </span>
  );
}
