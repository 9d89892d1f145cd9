import PeopleIcon from '@mui/icons-material/People';
import { CustomerList, CustomerShow } from './CustomerList';

export default { list: CustomerList, show: CustomerShow, icon: PeopleIcon, recordRepresentation: 'email' };
