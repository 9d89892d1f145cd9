import { Card, CardContent, Typography } from '@mui/material';
import { Edit, SaveButton, TabbedShowLayout, Toolbar, useNotify, useRedirect, useTranslate } from 'react-admin';
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
  const translate = useTranslate();
  return (
    // inline-size containment: a long history (a product's variants as JSON) scrolls or wraps inside, never widening a phone's page.
    <Card sx={{ mt: 2, width: '100%', minWidth: 0, contain: 'inline-size' }}>
      <CardContent>
        <TabbedShowLayout sx={{ p: 0 }}>
          <TabbedShowLayout.Tab label="facet.show.history">
            <RecordHistory prefix="product" />
          </TabbedShowLayout.Tab>
        </TabbedShowLayout>
        <Typography variant="caption" color="text.secondary">
          {translate('facet.product_edit.history_caption')}
        </Typography>
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
