import { engravingProblem, RING_SIZER_VALUE, type EngravingRule, type ProductOption, type ProductVariant } from '@facet/contracts';
import { characterCount, offersRingSizer, valueState, type ValueState } from '../lib/variants';
import './ProductChoices.css';

/** Options with more values than this are a select (ring sizes); fewer are a row of choices (metals). */
const MAX_SWATCHES = 5;

const optionTitle = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

function valueText(option: ProductOption, value: string): string {
  return option.name === 'size' && value !== RING_SIZER_VALUE ? `US ${value}` : value;
}

const STATE_NOTE: Record<ValueState, string> = { available: '', 'sold-out': ' (sold out)', unavailable: ' (not made with this choice)' };

/**
 * One choice per option, labelled for screen readers: a select for long lists (sizes), else radio buttons in a
 * fieldset. Values whose variant is sold out, or not made with the other choices, say so.
 */
export function OptionPicker({
  option,
  variants,
  chosen,
  onChoose,
}: {
  option: ProductOption;
  variants: readonly ProductVariant[];
  chosen: ProductVariant;
  onChoose: (name: string, value: string) => void;
}) {
  const id = `option-${option.name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const current = chosen.options[option.name] ?? '';
  const state = (value: string) => valueState(variants, chosen.options, option.name, value);

  if (option.values.length > MAX_SWATCHES) {
    return (
      <div className="field choice">
        <label htmlFor={id}>{optionTitle(option.name)}</label>
        <select
          id={id}
          className="select choice__select"
          data-option-name={option.name}
          value={current}
          aria-describedby={offersRingSizer(option) ? `${id}-sizer` : undefined}
          onChange={(e) => onChoose(option.name, e.target.value)}
        >
          {current === '' && <option value="">Choose a {option.name}</option>}
          {option.values.map((value) => (
            <option key={value} value={value}>
              {valueText(option, value) + STATE_NOTE[state(value)]}
            </option>
          ))}
        </select>
        {offersRingSizer(option) && (
          <p id={`${id}-sizer`} className="choice__note">
            Not sure of your size? We send a free ring sizer with your piece.
          </p>
        )}
      </div>
    );
  }

  return (
    <fieldset className="choice">
      <legend className="choice__legend">
        {optionTitle(option.name)}
        {current && <span className="choice__current">{valueText(option, current)}</span>}
      </legend>
      <div className="choice__swatches">
        {option.values.map((value) => {
          const s = state(value);
          return (
            <label key={value} className={`choice__swatch${s === 'available' ? '' : ' is-unavailable'}`}>
              <input
                type="radio"
                className="visually-hidden"
                name={id}
                data-option-name={option.name}
                value={value}
                checked={current === value}
                onChange={() => onChoose(option.name, value)}
              />
              <span>{valueText(option, value)}</span>
              {s !== 'available' && <span className="visually-hidden">{STATE_NOTE[s]}</span>}
            </label>
          );
        })}
      </div>
      {offersRingSizer(option) && <p className="choice__note">Not sure of your size? We send a free ring sizer with your piece.</p>}
    </fieldset>
  );
}

/**
 * The optional engraving: a live count against the product's limit, and the reason a text is refused
 * (engravingProblem, the rule the API applies too), announced as it appears.
 */
export function EngravingField({ rule, value, onChange }: { rule: EngravingRule; value: string; onChange: (text: string) => void }) {
  const problem = engravingProblem(value, rule);
  const count = characterCount(value);
  return (
    <div className="field choice engraving">
      <label htmlFor="engraving">
        Engraving <span className="choice__optional">(optional)</span>
      </label>
      <input
        id="engraving"
        className="input"
        type="text"
        autoComplete="off"
        spellCheck={false}
        value={value}
        placeholder="Initials, a date, a word"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'engraving-hint engraving-error' : 'engraving-hint'}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id="engraving-hint" className="engraving__hint">
        <span>Letters, digits, spaces and . , &apos; &amp; + - ♥</span>
        <span className={`engraving__count${count > rule.max_length ? ' is-over' : ''}`} data-testid="engraving-count">
          {count} / {rule.max_length}
        </span>
      </p>
      {problem && (
        <p id="engraving-error" className="field__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
