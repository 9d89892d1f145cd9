import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import KeyIcon from '@mui/icons-material/Key';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Alert, Box, Card, CardContent, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  Form,
  PasswordInput,
  SaveButton,
  Title,
  required,
  useDataProvider,
  useGetIdentity,
  useLogout,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { FacetDataProvider } from '../dataProvider';
import { sameAs, strongPassword } from '../validators';
import { ownPasswordFailure, passwordRuleStates } from './ownPassword';

const currentRules = [required()];
const newRules = [required(), strongPassword];
const confirmRules = [required(), sameAs('password')];

/** The rule under "New password", each part ticked off as it is met (the storefront's sign-up shows the same rule). */
function PasswordRules() {
  const password: unknown = useWatch({ name: 'password' });
  const translate = useTranslate();
  return (
    <List dense disablePadding aria-label={translate('facet.account.rules_label')} data-testid="password-rules" sx={{ mt: -1, mb: 2 }}>
      {passwordRuleStates(typeof password === 'string' ? password : '').map(({ label, met }) => (
        <ListItem key={label} disableGutters sx={{ py: 0 }} data-met={met}>
          <ListItemIcon sx={{ minWidth: 28 }}>
            {met ? (
              <CheckCircleIcon fontSize="small" color="success" aria-hidden />
            ) : (
              <RadioButtonUncheckedIcon fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden />
            )}
          </ListItemIcon>
          <ListItemText
            primary={
              <>
                {translate(label)}
                <Box component="span" sx={visuallyHidden}>
                  {` (${translate(met ? 'facet.account.rule_met' : 'facet.account.rule_not_met')})`}
                </Box>
              </>
            }
            slotProps={{ primary: { variant: 'body2', color: met ? 'text.primary' : 'text.secondary' } }}
          />
        </ListItem>
      ))}
    </List>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * "Change my password", from the user menu: the current password, the new one twice. The API ends every
 * session of the member, this one too, so a change that goes through ends on the sign-in page.
 */
export function ChangePasswordPage() {
  const dataProvider = useDataProvider<FacetDataProvider>();
  const logout = useLogout();
  const notify = useNotify();
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (values: Record<string, unknown>) => {
    setProblem(null);
    try {
      await dataProvider.changeOwnPassword(String(values.current_password), String(values.password));
    } catch (error) {
      const { fields, message } = ownPasswordFailure(error);
      setProblem(message);
      return fields;
    }
    // The server has ended the session already: forget it here and go to the sign-in page.
    await logout({ sessionEnded: true }, undefined, false);
    notify('facet.notice.own_password_changed', { type: 'success', autoHideDuration: 10_000 });
    return undefined;
  };

  return (
    <Box sx={{ py: 2, maxWidth: 560 }}>
      <Title title={translate('facet.account.title')} />
      <Typography variant="h4" component="h2" gutterBottom>
        {translate('facet.account.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {typeof identity?.email === 'string'
          ? translate('facet.account.intro_for', { name: identity.fullName ?? identity.email, email: identity.email })
          : translate('facet.account.intro')}
      </Typography>
      <Card>
        <CardContent>
          <Form onSubmit={submit} disableInvalidFormNotification>
            {/* The account the browser's password manager should update. */}
            <input
              type="text"
              name="username"
              autoComplete="username"
              value={typeof identity?.email === 'string' ? identity.email : ''}
              readOnly
              hidden
            />
            {problem ? (
              <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="password-problem">
                {problem}
              </Alert>
            ) : null}
            <PasswordInput
              source="current_password"
              label="facet.account.current_password"
              validate={currentRules}
              autoComplete="current-password"
              fullWidth
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <PasswordInput
              source="password"
              label="facet.account.new_password"
              validate={newRules}
              autoComplete="new-password"
              fullWidth
              helperText={false}
              slotProps={{ htmlInput: { maxLength: 128 } }}
            />
            <PasswordRules />
            <PasswordInput
              source="confirm_password"
              label="facet.account.confirm_password"
              validate={confirmRules}
              autoComplete="new-password"
              fullWidth
              slotProps={{ htmlInput: { maxLength: 128 } }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {translate('facet.account.sessions_end')}
            </Typography>
            <SaveButton label="facet.account.change" icon={<KeyIcon />} alwaysEnable />
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
