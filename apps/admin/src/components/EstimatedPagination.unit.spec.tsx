/** @jest-environment jsdom */
import { configure, render, screen } from '@testing-library/react';
import { AdminContext, ListContextProvider, type ListControllerResult } from 'react-admin';
import { dataProvider } from '../dataProvider';
import { i18nProvider } from '../i18n/en';
import { EstimatedPagination } from './EstimatedPagination';

// react-admin's first render on a loaded 2-core machine can take over the default second.
configure({ asyncUtilTimeout: 5000 });

/** A list context of 25 rows a page, with what the API said (or the error it met). */
function list(over: Partial<ListControllerResult>): ListControllerResult {
  return {
    data: Array.from({ length: 25 }, (_, i) => ({ id: i })),
    total: 71_000,
    page: 1,
    perPage: 25,
    setPage: () => undefined,
    setPerPage: () => undefined,
    isPending: false,
    isLoading: false,
    isFetching: false,
    hasNextPage: true,
    hasPreviousPage: false,
    error: null,
    ...over,
  } as unknown as ListControllerResult;
}

const renderWith = (value: ListControllerResult) =>
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <ListContextProvider value={value}>
        <EstimatedPagination />
      </ListContextProvider>
    </AdminContext>,
  );

describe("The orders list's pagination", () => {
  it('should say "about" when the API estimated the total', async () => {
    renderWith(list({ meta: { totalEstimated: true } }));
    expect(await screen.findByText('1-25 of about 71,000')).toBeTruthy();
  });

  it('should show nothing to page through when the list failed to load', () => {
    const { container } = renderWith(list({ data: undefined, total: undefined, error: new Error('refused') }));
    expect(container.textContent).toBe('');
  });
});
