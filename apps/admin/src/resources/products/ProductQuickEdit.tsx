import { Box } from '@mui/material';
import {
  BooleanInput,
  Form,
  NumberInput,
  SaveButton,
  TextInput,
  minValue,
  required,
  useNotify,
  useRecordContext,
  useRefresh,
  useUpdate,
} from 'react-admin';
import { updateErrorMessage } from './productErrors';
import { noBidiControls, noStackedMarks, visibleText } from '../../validators';

const nameRules = [required(), visibleText, noBidiControls, noStackedMarks];

/** Inline edit of one row (the list expands one product at a time). */
export function ProductQuickEdit() {
  const record = useRecordContext<{ id: string; version?: number }>();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record) return null;
  return (
    <Form
      record={record}
      onSubmit={(values: { name?: string; price?: number; in_stock?: boolean }) =>
        update(
          'products',
          {
            id: record.id,
            data: { name: values.name, price: values.price, in_stock: values.in_stock, version: record.version },
            previousData: record,
          },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => {
              notify('facet.notice.product_updated', { type: 'success' });
              refresh();
            },
            onError: (error) => notify(updateErrorMessage(error), { type: 'error', autoHideDuration: 10000 }),
          },
        )
      }
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', px: 2, pt: 2 }} data-testid="quick-edit">
        <TextInput source="name" validate={nameRules} sx={{ minWidth: 280 }} />
        <NumberInput source="price" label="facet.product_form.price_usd" step={0.01} validate={[required(), minValue(0.01)]} />
        <BooleanInput source="in_stock" />
        <SaveButton label="facet.product_form.save_row" disabled={isPending} sx={{ mb: 2.5 }} />
      </Box>
    </Form>
  );
}
