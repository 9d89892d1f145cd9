import { Create, useNotify, useRedirect } from 'react-admin';
import { ProductForm } from './ProductForm';

export function ProductCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title="facet.product_form.add_title"
      mutationOptions={{
        onSuccess: () => {
          notify('facet.notice.product_added', { type: 'success' });
          redirect('list', 'products');
        },
        onError: () => notify('facet.notice.product_add_error', { type: 'error' }),
      }}
    >
      <ProductForm />
    </Create>
  );
}
