import { Create, PasswordInput, SelectInput, SimpleForm, TextInput, required, useNotify, useRedirect } from 'react-admin';
import { noBidiControls, noStackedMarks, shopEmail, visibleText } from '../../validators';

const emailRules = [required(), shopEmail];
const nameRules = [required(), visibleText, noBidiControls, noStackedMarks];
import { roleChoices } from './StaffList';

/** The password rules are the server's (it also refuses common passwords); its message shows as a notice. */
export function StaffCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title="facet.staff.add_title"
      mutationOptions={{
        onSuccess: () => {
          notify('facet.notice.staff_added', { type: 'success' });
          redirect('list', 'staff');
        },
      }}
    >
      <SimpleForm defaultValues={{ role: 'staff' }}>
        <TextInput source="email" type="email" validate={emailRules} autoComplete="off" sx={{ minWidth: 320 }} />
        <TextInput source="name" validate={nameRules} sx={{ minWidth: 320 }} />
        <SelectInput source="role" choices={roleChoices} validate={required()} sx={{ minWidth: 320 }} />
        <PasswordInput
          source="password"
          validate={required()}
          autoComplete="new-password"
          helperText="facet.staff.password_rules"
          sx={{ minWidth: 320 }}
        />
      </SimpleForm>
    </Create>
  );
}
