import { MAX_QUANTITY_PER_LINE } from '@facet/contracts';
import { MinusIcon, PlusIcon } from './Icons';

/** Quantity cannot go below 1: the minus button is disabled at 1, the plus one at `max` (a line's limit by default). */
export function QuantityStepper({
  value,
  onChange,
  label = 'Quantity',
  size = 'normal',
  max = MAX_QUANTITY_PER_LINE,
}: {
  value: number;
  onChange: (next: number) => void;
  label?: string;
  size?: 'normal' | 'small';
  max?: number;
}) {
  return (
    <div className={`stepper stepper--${size}`} role="group" aria-label={label}>
      <button
        type="button"
        className="stepper__btn"
        aria-label="Decrease quantity"
        disabled={value <= 1}
        onClick={() => onChange(Math.max(1, value - 1))}
      >
        <MinusIcon size={16} />
      </button>
      <output className="stepper__value" aria-live="polite" aria-label={`${label}: ${value}`}>
        {value}
      </output>
      <button
        type="button"
        className="stepper__btn"
        aria-label="Increase quantity"
        disabled={value >= Math.min(max, MAX_QUANTITY_PER_LINE)}
        onClick={() => onChange(value + 1)}
      >
        <PlusIcon size={16} />
      </button>
    </div>
  );
}
