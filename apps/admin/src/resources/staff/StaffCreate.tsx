import { Create, PasswordInput, SelectInput, SimpleForm, TextInput, email, required, useNotify, useRedirect } from 'react-admin';
import { roleChoices } from './StaffList';

/** The password rules are the server's (it also refuses common passwords); its message shows as a notice. */
export function StaffCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title="Add staff member"
      mutationOptions={{
        onSuccess: () => {
          notify('facet.notice.staff_added', { type: 'success' });
          redirect('list', 'staff');
        },
      }}
    >
      <SimpleForm defaultValues={{ role: 'staff' }}>
        <TextInput source="email" label="E-mail" type="email" validate={[required(), email()]} autoComplete="off" sx={{ minWidth: 320 }} />
        <TextInput source="name" label="Name" validate={required()} sx={{ minWidth: 320 }} />
        <SelectInput source="role" label="Role" choices={roleChoices} validate={required()} sx={{ minWidth: 320 }} />
        <PasswordInput
          source="password"
          label="Password"
          validate={required()}
          autoComplete="new-password"
          helperText="At least 8 characters with an uppercase letter, a lowercase letter, a digit and a special character"
          sx={{ minWidth: 320 }}
        />
      </SimpleForm>
    </Create>
  );
}
