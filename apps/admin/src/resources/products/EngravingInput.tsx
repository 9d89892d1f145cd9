import { Box, FormControlLabel, Switch, TextField } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { ENGRAVING_MAX_LENGTH_LIMIT, type EngravingRule } from '@facet/contracts';
import { DEFAULT_ENGRAVING_LENGTH, engravingRuleProblem } from './productWire';

/** Whether the piece can be engraved, and with how many characters at most (1 to 40). */
export function EngravingInput() {
  const translate = useTranslate();
  const { field } = useInput<EngravingRule | null>({ source: 'engraving', defaultValue: null, validate: engravingRuleProblem });
  const rule = (field.value as EngravingRule | null | undefined) ?? null;
  const problem = engravingRuleProblem(rule);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mb: 1 }}>
      <FormControlLabel
        control={
          <Switch
            checked={Boolean(rule)}
            onChange={(e) => field.onChange(e.target.checked ? { max_length: DEFAULT_ENGRAVING_LENGTH } : null)}
          />
        }
        label={translate('facet.engraving.offered')}
        sx={{ mt: 0.5 }}
      />
      {rule && (
        <TextField
          label={translate('facet.engraving.max_length')}
          type="number"
          value={rule.max_length ?? ''}
          onChange={(e) => field.onChange({ max_length: e.target.value === '' ? '' : Number(e.target.value) })}
          size="small"
          error={Boolean(problem)}
          helperText={translate(problem ?? 'facet.engraving.max_length_hint', { max: ENGRAVING_MAX_LENGTH_LIMIT })}
          sx={{ flex: '0 1 220px' }}
        />
      )}
    </Box>
  );
}
