import type React from 'react';
import { useMemo } from 'react';
import {
  ArrayInput,
  BooleanInput,
  NumberInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  minValue,
  required,
  useRecordContext,
} from 'react-admin';
import { Box } from '@mui/material';
import { CATEGORIES } from '@facet/contracts';
import { EngravingInput } from './EngravingInput';
import { GalleryInput } from './GalleryInput';
import { OptionsEditor } from './OptionsEditor';
import { toFormRecord } from './productWire';
import { VariantsEditor } from './VariantsEditor';
import { VariantStockPanel } from './VariantStockPanel';
import { noBidiControls, noStackedMarks, visibleText } from '../../validators';

export const categoryChoices = CATEGORIES.map((c) => ({ id: c.id, name: c.name }));

const price = [required(), minValue(0.01)];
const name = [required(), visibleText, noBidiControls, noStackedMarks];

const defaults = { rating: 4.5, reviews_count: 0, in_stock: true, features: [], options: [], variants: [], gallery: [], engraving: null };

/** Derived, read-only fields keep a readable helper text (MUI greys a disabled field's to 2.9:1, under WCAG AA). */
const derivedField = { flex: '0 1 160px', '& .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' } } as const;

export function ProductForm({ toolbar }: { toolbar?: React.ReactElement }) {
  // The API's variants as rows the form edits (stock mode, price override), the gallery filled in from older images.
  const record = useRecordContext();
  const formRecord = useMemo(() => (record ? toFormRecord(record) : undefined), [record]);
  return (
    <SimpleForm toolbar={toolbar} record={formRecord} defaultValues={defaults} sx={{ maxWidth: 880 }}>
      <TextInput source="name" validate={name} fullWidth />
      <TextInput source="description" multiline minRows={3} fullWidth validate={noStackedMarks} />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
        <NumberInput source="price" label="facet.product_form.price_usd" step={0.01} validate={price} sx={{ flex: '1 1 160px' }} />
        <NumberInput
          source="original_price"
          label="facet.product_form.original_price_usd"
          step={0.01}
          helperText="facet.product_form.sale_hint"
          sx={{ flex: '1 1 160px' }}
        />
        <SelectInput source="category" choices={categoryChoices} validate={required()} sx={{ flex: '1 1 200px' }} />
      </Box>
      <GalleryInput />
      <ArrayInput source="features">
        <SimpleFormIterator inline disableReordering>
          <TextInput source="" label="facet.product_form.feature" helperText={false} validate={noStackedMarks} sx={{ minWidth: 320 }} />
        </SimpleFormIterator>
      </ArrayInput>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        {/* Derived from approved reviews (issue 41): shown, not edited. */}
        <NumberInput source="rating" disabled helperText="From approved reviews" sx={derivedField} />
        <NumberInput source="reviews_count" disabled helperText="Approved reviews" sx={derivedField} />
        <BooleanInput source="in_stock" />
      </Box>
      <EngravingInput />
      <OptionsEditor />
      <VariantsEditor />
      {/* Saved stocked variants' counts, adjustments and ledger (nothing on create). */}
      <VariantStockPanel />
    </SimpleForm>
  );
}
