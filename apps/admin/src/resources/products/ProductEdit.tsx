import { Card, CardContent, Typography } from '@mui/material';
import { Edit, SaveButton, TabbedShowLayout, Toolbar, useNotify, useRedirect } from 'react-admin';
import { ProductDeleteButton } from './ProductDeleteButton';
import { RecordHistory } from '../../components/RecordHistory';
import { ProductForm } from './ProductForm';
import { updateErrorMessage } from './productErrors';

export function ProductEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: () => {
          notify('facet.notice.product_updated', { type: 'success' });
          redirect('list', 'products');
        },
        onError: (error) => notify(updateErrorMessage(error), { type: 'error', autoHideDuration: 10000 }),
      }}
      aside={<ProductHistoryAside />}
      sx={{ '& .RaEdit-main': { flexDirection: 'column' } }}
    >
      <ProductForm toolbar={<ProductEditToolbar />} />
    </Edit>
  );
}

function ProductHistoryAside() {
  return (
    <Card sx={{ mt: 2, minWidth: 0 }}>
      <CardContent>
        <TabbedShowLayout sx={{ p: 0 }}>
          <TabbedShowLayout.Tab label="History">
            <RecordHistory prefix="product" />
          </TabbedShowLayout.Tab>
        </TabbedShowLayout>
        <Typography variant="caption" color="text.secondary">Every change to this product, from the event log.</Typography>
      </CardContent>
    </Card>
  );
}

const ProductEditToolbar = () => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton />
    <ProductDeleteButton />
  </Toolbar>
);
