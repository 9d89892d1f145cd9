import BadgeIcon from '@mui/icons-material/Badge';
import { StaffCreate } from './StaffCreate';
import { StaffEdit } from './StaffEdit';
import { StaffList } from './StaffList';

// adminOnly: the menu shows it to administrators only (the API refuses everyone else).
export default {
  list: StaffList,
  create: StaffCreate,
  edit: StaffEdit,
  icon: BadgeIcon,
  recordRepresentation: 'name',
  options: { adminOnly: true },
};
