import { DeleteWithConfirmButton, useNotify, useRecordContext, useRedirect } from 'react-admin';

/** Delete behind a confirmation that says it cannot be undone, with the spec's notices. */
export function ProductDeleteButton() {
  const record = useRecordContext();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <DeleteWithConfirmButton
      confirmTitle={`Delete “${record?.name ?? 'this product'}”?`}
      confirmContent="facet.confirm.delete_product"
      mutationOptions={{
        onSuccess: () => {
          notify('facet.notice.product_deleted', { type: 'success' });
          redirect('list', 'products');
        },
        onError: () => notify('facet.notice.product_delete_error', { type: 'error' }),
      }}
      redirect={false}
    />
  );
}
