import { Create, useNotify, useRedirect } from 'react-admin';
import { ProductForm } from './ProductForm';

export function ProductCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title="Add product"
      mutationOptions={{
        onSuccess: () => {
          notify('Product added successfully', { type: 'success' });
          redirect('list', 'products');
        },
        onError: () => notify('Error adding product', { type: 'error' }),
      }}
    >
      <ProductForm />
    </Create>
  );
}
