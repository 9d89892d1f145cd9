import { errorFor } from '../../api-error';
import { withFormErrors } from '../../dataProvider';
import { i18nProvider } from '../../i18n/en';
import { orderListErrorKey } from './OrderList';

describe("The orders list's error message", () => {
  const refused = (body: unknown, status = 400) => errorFor(status, withFormErrors(body));

  it('should say what to type when the API refused the search itself, as it answers a search without a letter or digit', () => {
    // The API's answer to GET /api/admin/orders?q=@@ (order-search.int.spec.ts checks it there).
    const error = refused({
      detail: 'q must hold a letter or a digit: a reference, a name or an e-mail address',
      errors: [{ field: 'q', message: 'q must hold a letter or a digit: a reference, a name or an e-mail address' }],
    });
    expect(orderListErrorKey(error)).toBe('facet.list.search_refused');
    expect(i18nProvider.translate(orderListErrorKey(error))).toBe(
      'Search for a reference, a name or an e-mail address: type at least one letter or digit',
    );
  });

  it("should keep the spec's message for anything else", () => {
    for (const error of [
      refused({
        detail: 'limit must not be greater than 100',
        errors: [{ field: 'limit', message: 'limit must not be greater than 100' }],
      }),
      refused({ detail: 'boom' }, 500),
      refused(null, 400),
      new Error('network'),
      undefined,
    ]) {
      expect(orderListErrorKey(error)).toBe('facet.list.load_error');
    }
    expect(i18nProvider.translate('facet.list.load_error')).toBe('Error loading data');
  });
});
