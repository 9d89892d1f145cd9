import LockClockIcon from '@mui/icons-material/LockClock';
import { SignInLockList } from './SignInLockList';

// Every member sees locked sign-ins; only administrators get the "Lift lock" button (the API refuses others).
export default { list: SignInLockList, icon: LockClockIcon, recordRepresentation: 'email' };
