import { Pagination, useListContext, useTranslate, type PaginationProps } from 'react-admin';

/**
 * The list's pagination, reading "1-25 of about 71,000" when the API estimated the total (header
 * x-total-estimated: an order search past 1,000 matches, the audit log past 10,000 events; issue 43).
 */
export function EstimatedPagination(props: PaginationProps) {
  const { meta, error } = useListContext() as { meta?: unknown; error?: unknown };
  const translate = useTranslate();
  // A list that failed to load has no rows and no count to page through (react-admin read "1-25 of 25").
  if (error) return null;
  if (!(meta as { totalEstimated?: boolean } | undefined)?.totalEstimated) return <Pagination {...props} />;
  const about = ({ from, to, count }: { from: number; to: number; count: number }) =>
    translate('facet.list.about_range', { _: '%{from}-%{to} of about %{count}', from, to, count: count.toLocaleString('en-US') });
  // react-admin's props type leaves labelDisplayedRows out, but its Pagination hands it on to MUI's TablePagination.
  const label = { labelDisplayedRows: about } as Partial<PaginationProps>;
  return <Pagination {...props} {...label} />;
}
