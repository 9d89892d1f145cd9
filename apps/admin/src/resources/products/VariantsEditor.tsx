import { Box, Button, FormControlLabel, IconButton, MenuItem, Radio, TextField, Typography } from '@mui/material';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useFormState, useWatch } from 'react-hook-form';
import { useInput, useNotify, useTranslate, ValidationError } from 'react-admin';
import { variantLabel, type GalleryImage, type ProductOption } from '@facet/contracts';
import { generateVariants, stockedWhenSaved, variantRowProblems, variantsProblem, type VariantRow } from './productWire';

/**
 * One row per sellable combination of the options: its SKU, a price of its own (blank: the product's),
 * stocked with a count or made to order with a lead time, the default an order without a variant takes,
 * and a picture of its own. A product saved without rows keeps (or gets) one default variant.
 */
export function VariantsEditor() {
  const translate = useTranslate();
  const notify = useNotify();
  const { field, fieldState } = useInput<VariantRow[]>({ source: 'variants', defaultValue: [], validate: variantsProblem });
  // Read on every render, so the form re-renders this input once a submit is refused.
  const { isSubmitted } = useFormState();
  const options = useWatch<{ options?: ProductOption[] }, 'options'>({ name: 'options' }) ?? [];
  const name = useWatch<{ name?: string }, 'name'>({ name: 'name' }) ?? '';
  const gallery = useWatch<{ gallery?: GalleryImage[] }, 'gallery'>({ name: 'gallery' }) ?? [];
  const value: unknown = field.value;
  const rows = Array.isArray(value) ? (value as VariantRow[]) : [];
  const set = (next: VariantRow[]) => field.onChange(next);
  const update = (i: number, patch: Partial<VariantRow>) => set(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const error = fieldState.error?.message && (fieldState.isTouched || isSubmitted) ? fieldState.error.message : undefined;

  const generate = () => {
    const next = generateVariants(options, rows, name);
    set(next);
    notify('facet.variants.generated', { type: 'info', messageArgs: { smart_count: next.length } });
  };

  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, mb: 2, width: '100%', minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ px: 0.5 }}>
        {translate('facet.variants.variants')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(rows.length ? 'facet.variants.variants_hint' : 'facet.variants.no_variants')}
      </Typography>
      <Button variant="outlined" size="small" startIcon={<AutorenewIcon />} onClick={generate} sx={{ mb: 1.5 }}>
        {translate('facet.variants.generate')}
      </Button>
      <Box>
        {rows.map((row, i) => (
          <VariantRowFields
            key={row.id ?? JSON.stringify(row.options)}
            row={row}
            index={i}
            gallery={gallery}
            onChange={(patch) => update(i, patch)}
            onDefault={() => set(rows.map((r, j) => ({ ...r, is_default: j === i })))}
            onRemove={() => set(rows.filter((_, j) => j !== i))}
          />
        ))}
      </Box>
      {error && (
        <Typography role="alert" variant="body2" color="error">
          <ValidationError error={error} />
        </Typography>
      )}
    </Box>
  );
}

function VariantRowFields({
  row,
  index,
  gallery,
  onChange,
  onDefault,
  onRemove,
}: {
  row: VariantRow;
  index: number;
  gallery: GalleryImage[];
  onChange: (patch: Partial<VariantRow>) => void;
  onDefault: () => void;
  onRemove: () => void;
}) {
  const translate = useTranslate();
  const label = variantLabel(row.options) || translate('facet.variants.only_variant');
  const problems = variantRowProblems(row);
  const problem = (key: keyof typeof problems, hint?: string) => ({
    error: Boolean(problems[key]),
    helperText: problems[key] ? translate(problems[key]) : hint ? translate(hint) : ' ',
  });
  const number = (v: string) => (v === '' ? null : Number(v));
  // Stocked when read: its count changes through "Adjust stock". A row becoming stocked takes a starting count.
  const stockedAlready = stockedWhenSaved(row);
  return (
    <Box
      component="fieldset"
      data-testid={`variant-${index + 1}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, pt: 0.5, pb: 0, m: 0, mb: 1, minWidth: 0 }}
    >
      <Typography component="legend" variant="body2" sx={{ px: 0.5, fontWeight: 600 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        <FormControlLabel
          control={<Radio checked={row.is_default} onChange={onDefault} value={index} name="default-variant" />}
          label={translate('facet.variants.default')}
          sx={{ mt: 0.5, mr: 1 }}
        />
        <TextField
          label={translate('facet.variants.sku')}
          value={row.sku}
          onChange={(e) => onChange({ sku: e.target.value.toUpperCase() })}
          size="small"
          sx={{ flex: '1 1 150px' }}
          {...problem('sku')}
        />
        <TextField
          label={translate('facet.variants.price')}
          type="number"
          value={row.price ?? ''}
          onChange={(e) => onChange({ price: number(e.target.value) })}
          size="small"
          sx={{ flex: '1 1 120px' }}
          {...problem('price', 'facet.variants.price_hint')}
        />
        <TextField
          select
          label={translate('facet.variants.stock_mode')}
          value={row.stock_mode}
          onChange={(e) => {
            const mode = e.target.value as VariantRow['stock_mode'];
            onChange(mode === 'stocked' ? { stock_mode: mode, stock: row.stock ?? 1 } : { stock_mode: mode, stock: null });
          }}
          size="small"
          disabled={stockedAlready}
          sx={{ flex: '1 1 150px' }}
          helperText=" "
        >
          <MenuItem value="made_to_order">{translate('facet.variants.made_to_order')}</MenuItem>
          <MenuItem value="stocked">{translate('facet.variants.stocked')}</MenuItem>
        </TextField>
        {row.stock_mode === 'stocked' ? (
          stockedAlready ? (
            <Typography variant="body2" sx={{ flex: '1 1 120px', mt: 1 }}>
              {translate('facet.variants.available_now', { available: row.available ?? 0 })}
            </Typography>
          ) : (
            <TextField
              label={translate('facet.variants.stock')}
              type="number"
              value={row.stock ?? ''}
              onChange={(e) => onChange({ stock: number(e.target.value) })}
              size="small"
              sx={{ flex: '1 1 110px' }}
              {...problem('stock')}
            />
          )
        ) : (
          <TextField
            label={translate('facet.variants.lead_time')}
            type="number"
            value={row.lead_time_days ?? ''}
            onChange={(e) => onChange({ lead_time_days: number(e.target.value) })}
            size="small"
            sx={{ flex: '1 1 110px' }}
            {...problem('lead_time_days')}
          />
        )}
        <TextField
          select
          label={translate('facet.variants.image')}
          value={row.image ?? ''}
          onChange={(e) => onChange({ image: e.target.value || null })}
          size="small"
          sx={{ flex: '1 1 150px' }}
          helperText=" "
        >
          <MenuItem value="">{translate('facet.variants.image_product')}</MenuItem>
          {gallery.map((g, n) => (
            <MenuItem key={g.src} value={g.src}>
              {g.alt || translate('facet.gallery.image_n', { n: n + 1 })}
            </MenuItem>
          ))}
          {row.image && !gallery.some((g) => g.src === row.image) && <MenuItem value={row.image}>{row.image}</MenuItem>}
        </TextField>
        <IconButton aria-label={translate('facet.variants.remove_variant', { label })} onClick={onRemove} sx={{ mt: 0.25 }}>
          <DeleteIcon />
        </IconButton>
      </Box>
    </Box>
  );
}
