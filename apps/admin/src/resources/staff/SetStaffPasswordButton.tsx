import KeyIcon from '@mui/icons-material/Key';
import { Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { ApiError } from '../../api-error';
import type { FacetDataProvider } from '../../dataProvider';

/** On a staff member's page: an administrator sets their new password (same rule as customers'); their sessions end. */
export function SetStaffPasswordButton() {
  const record = useRecordContext<{ id: string; name: string }>();
  const dataProvider = useDataProvider<FacetDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const close = () => {
    setOpen(false);
    setPassword('');
    setProblem(null);
  };
  const save = async () => {
    setBusy(true);
    try {
      await dataProvider.setStaffPassword(String(record.id), password);
      notify('facet.notice.password_set', { type: 'success' });
      close();
    } catch (err) {
      // The API's own words (a weak or common password, not yourself) under the field.
      setProblem(err instanceof ApiError ? err.message : translate('ra.notification.http_error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {/* Slate, not the gold: gold text on the edit toolbar's grey is under 4.5:1. */}
      <Button label="facet.staff.set_password" onClick={() => setOpen(true)} color="secondary">
        <KeyIcon />
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="set-password-title">
        <DialogTitle id="set-password-title">{translate('facet.staff.set_password_title', { name: record.name })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate('facet.staff.set_password_content')}
          </Typography>
          <TextField
            autoFocus
            fullWidth
            type="password"
            autoComplete="new-password"
            label={translate('facet.staff.new_password')}
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setProblem(null);
            }}
            error={Boolean(problem)}
            helperText={problem ?? translate('facet.staff.password_rules')}
            slotProps={{ htmlInput: { maxLength: 128 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={close} />
          <Button label="facet.staff.set_password" onClick={save} disabled={busy || password === ''} variant="contained" />
        </DialogActions>
      </Dialog>
    </>
  );
}
