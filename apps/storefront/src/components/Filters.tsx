import { PRICE_RANGES, SORT_OPTIONS, type PriceRange, type SortOption } from '@facet/contracts';
import { useId } from 'react';
import { SORT_LABELS } from '../lib/catalogue';

export const PRICE_RANGE_LABELS: Record<PriceRange, string> = {
  all: 'All Prices',
  'under-500': 'Under $500',
  '500-1000': '$500 – $1,000',
  '1000-2000': '$1,000 – $2,000',
  'over-2000': 'Over $2,000',
};

export function PriceRangeSelect({ value, onChange }: { value: PriceRange; onChange: (v: PriceRange) => void }) {
  const id = useId();
  return (
    <div className="field field--inline">
      <label htmlFor={id}>Price</label>
      <select id={id} className="select" value={value} onChange={(e) => onChange(e.target.value as PriceRange)}>
        {PRICE_RANGES.map((r) => (
          <option key={r} value={r}>
            {PRICE_RANGE_LABELS[r]}
          </option>
        ))}
      </select>
    </div>
  );
}

export function SortSelect<T extends string = SortOption>({
  value,
  onChange,
  options = SORT_OPTIONS as unknown as readonly T[],
  labels = SORT_LABELS,
}: {
  value: T;
  onChange: (v: T) => void;
  options?: readonly T[];
  labels?: Record<string, string>;
}) {
  const id = useId();
  return (
    <div className="field field--inline">
      <label htmlFor={id}>Sort by</label>
      <select id={id} className="select" value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {labels[o] ?? o}
          </option>
        ))}
      </select>
    </div>
  );
}
