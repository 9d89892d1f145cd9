import { Box, Button, IconButton, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useEffect, useState } from 'react';
import { useFormState } from 'react-hook-form';
import { useInput, useTranslate, ValidationError } from 'react-admin';
import type { ProductOption } from '@facet/contracts';
import { MAX_OPTIONS, OPTION_NAME_MAX, OPTION_PRESETS, optionsProblem, textProblem, withPreset } from './productWire';

/** Values as staff type them: separated by commas, blanks dropped. */
export const parseValues = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * The product's options (size, length, metal, karat) and their values in the order shoppers see them, with
 * one-click presets. A product without options sells one variant.
 */
export function OptionsEditor() {
  const translate = useTranslate();
  const { field, fieldState } = useInput<ProductOption[]>({ source: 'options', defaultValue: [], validate: optionsProblem });
  // Read on every render, so the form re-renders this input once a submit is refused.
  const { isSubmitted } = useFormState();
  const value: unknown = field.value;
  const options = Array.isArray(value) ? (value as ProductOption[]) : [];
  const set = (next: ProductOption[]) => field.onChange(next);
  const error = fieldState.error?.message && (fieldState.isTouched || isSubmitted) ? fieldState.error.message : undefined;

  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, mb: 2, width: '100%', minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ px: 0.5 }}>
        {translate('facet.variants.options')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('facet.variants.options_hint')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        {(Object.keys(OPTION_PRESETS) as (keyof typeof OPTION_PRESETS)[]).map((key) => (
          <Button key={key} size="small" variant="outlined" onClick={() => set(withPreset(options, OPTION_PRESETS[key]))}>
            {translate(`facet.variants.preset.${key}`)}
          </Button>
        ))}
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={options.length >= MAX_OPTIONS}
          onClick={() => set([...options, { name: '', values: [] }])}
        >
          {translate('facet.variants.add_option')}
        </Button>
      </Box>
      {options.map((option, i) => (
        <OptionRow
          key={i}
          index={i}
          option={option}
          onChange={(next) => set(options.map((o, j) => (j === i ? next : o)))}
          onRemove={() => set(options.filter((_, j) => j !== i))}
          showErrors={fieldState.isTouched || isSubmitted}
        />
      ))}
      {error && (
        <Typography role="alert" variant="body2" color="error">
          <ValidationError error={error} />
        </Typography>
      )}
    </Box>
  );
}

function OptionRow({
  index,
  option,
  onChange,
  onRemove,
  showErrors,
}: {
  index: number;
  option: ProductOption;
  onChange: (o: ProductOption) => void;
  onRemove: () => void;
  showErrors: boolean;
}) {
  const translate = useTranslate();
  // The text as typed ("3, 3.5, "), kept while the values it parses to are the option's; a preset replaces it.
  const [text, setText] = useState(option.values.join(', '));
  useEffect(() => {
    if (parseValues(text).join('\u0000') !== option.values.join('\u0000')) setText(option.values.join(', '));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [option.values]);
  const nameProblem = showErrors || option.name ? textProblem(option.name, OPTION_NAME_MAX) : undefined;
  const n = index + 1;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mb: 1.5 }} data-testid={`option-${n}`}>
      <TextField
        label={translate('facet.variants.option_name', { n })}
        value={option.name}
        onChange={(e) => onChange({ ...option, name: e.target.value })}
        error={Boolean(nameProblem)}
        helperText={nameProblem ? translate(nameProblem) : translate('facet.variants.option_name_hint')}
        size="small"
        sx={{ flex: '1 1 140px', maxWidth: { sm: 200 } }}
      />
      <TextField
        label={translate('facet.variants.option_values', { n })}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange({ ...option, values: parseValues(e.target.value) });
        }}
        helperText={translate('facet.variants.values_hint', { smart_count: option.values.length })}
        multiline
        size="small"
        sx={{ flex: '3 1 240px' }}
      />
      <IconButton aria-label={translate('facet.variants.remove_option', { name: option.name || n })} onClick={onRemove}>
        <DeleteIcon />
      </IconButton>
    </Box>
  );
}
