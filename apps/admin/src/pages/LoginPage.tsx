import { Box, Button, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useLogin, useNotify, useTranslate } from 'react-admin';

/** Staff sign-in: both fields required; the server decides (the spec's messages on failure). */
export function LoginPage() {
  const login = useLogin();
  const notify = useNotify();
  const translate = useTranslate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const missingUser = touched && !username.trim();
  const missingPassword = touched && !password;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!username.trim() || !password) return;
    setBusy(true);
    try {
      await login({ username, password });
    } catch (err) {
      notify((err as Error)?.message || 'Login Error: Something went wrong. Please try again.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        bgcolor: 'background.default',
        backgroundImage: (t) =>
          t.palette.mode === 'dark'
            ? 'radial-gradient(circle at 20% 10%, rgba(201,166,107,0.14), transparent 45%)'
            : 'radial-gradient(circle at 20% 10%, rgba(176,141,87,0.16), transparent 45%)',
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: 4 }}>
          <Typography variant="overline" sx={{ color: 'primary.main', letterSpacing: '0.3em' }}>
            {translate('facet.login.since')}
          </Typography>
          <Typography variant="h4" component="h1" sx={{ mb: 0.5 }}>
            {translate('facet.login.heading')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {translate('facet.login.intro')}
          </Typography>
          <Box component="form" noValidate onSubmit={submit}>
            <TextField
              label={translate('facet.login.username')}
              name="username"
              autoComplete="username"
              fullWidth
              required
              margin="dense"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              error={missingUser}
              helperText={missingUser ? translate('facet.login.username_required') : ' '}
              autoFocus
            />
            <TextField
              label={translate('facet.login.password')}
              name="password"
              type="password"
              autoComplete="current-password"
              fullWidth
              required
              margin="dense"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={missingPassword}
              helperText={missingPassword ? translate('facet.login.password_required') : ' '}
            />
            <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 1 }}>
              {busy ? <CircularProgress size={22} color="inherit" /> : translate('facet.login.sign_in')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
