/**
 * Choices a shopper makes on the server's page before it is hydrated (a size chosen as soon as it paints, on
 * a phone whose scripts are still loading): React's first render would start from the URL's variant and
 * lose them, so the size chosen on screen was not the one added to the bag. The entry reads the product
 * page's option controls as it starts (and follows changes until the page takes them); the page applies
 * them once hydrated. Controls are marked data-option-name, inside an element marked data-product-id.
 */
const early = new Map<string, Record<string, string>>();
let stop: (() => void) | null = null;

function record(el: Element) {
  if (!(el instanceof HTMLSelectElement || el instanceof HTMLInputElement)) return;
  const name = el.dataset.optionName;
  const productId = el.closest<HTMLElement>('[data-product-id]')?.dataset.productId;
  if (!name || !productId || el.value === '') return;
  if (el instanceof HTMLInputElement && !(el.type === 'radio' && el.checked)) return;
  early.set(productId, { ...early.get(productId), [name]: el.value });
}

/** Reads the option controls the server rendered, as the shopper left them, and follows their changes. */
export function captureEarlyChoices(doc: Document): void {
  stop?.();
  early.clear();
  doc.querySelectorAll('[data-option-name]').forEach(record);
  const onChange = (event: Event) => {
    if (event.target instanceof Element && event.target.matches('[data-option-name]')) record(event.target);
  };
  doc.addEventListener('change', onChange, true);
  stop = () => doc.removeEventListener('change', onChange, true);
}

/**
 * The option values chosen on the server's page of this product before it was hydrated ({} when none), once:
 * capturing ends with the first page that takes them.
 */
export function takeEarlyChoices(productId: string): Record<string, string> {
  stop?.();
  stop = null;
  const chosen = early.get(productId) ?? {};
  early.clear();
  return chosen;
}
