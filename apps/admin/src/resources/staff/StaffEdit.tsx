import {
  DateField,
  Edit,
  Labeled,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextField,
  Toolbar,
  required,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { Card, CardContent, Typography } from '@mui/material';
import { RecordHistory } from '../../components/RecordHistory';
import { SetStaffPasswordButton } from './SetStaffPasswordButton';
import { StaffDeleteButton, roleChoices } from './StaffList';

const EditToolbar = () => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton label="facet.staff.save_role" />
    <SetStaffPasswordButton />
    <StaffDeleteButton />
  </Toolbar>
);

/** The role changes here, and an administrator may set a new password; either ends the member's sessions, so they sign in again. */
export function StaffEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      aside={<StaffHistoryAside />}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: () => {
          notify('facet.notice.role_changed', { type: 'success' });
          redirect('list', 'staff');
        },
      }}
    >
      <SimpleForm toolbar={<EditToolbar />}>
        <Labeled>
          <TextField source="name" />
        </Labeled>
        <Labeled>
          <TextField source="email" />
        </Labeled>
        <Labeled>
          <DateField source="created_at" showTime />
        </Labeled>
        <SelectInput source="role" choices={roleChoices} validate={required()} sx={{ minWidth: 240 }} />
      </SimpleForm>
    </Edit>
  );
}

/** The member's history: their record as it was at any version, and every change. */
function StaffHistoryAside() {
  const translate = useTranslate();
  return (
    <Card sx={{ ml: 2, minWidth: 360, maxWidth: 560 }}>
      <CardContent>
        <Typography variant="h6">{translate('facet.staff.history')}</Typography>
        <RecordHistory prefix="staff" />
      </CardContent>
    </Card>
  );
}
