import RoomServiceIcon from '@mui/icons-material/RoomService';
import { OrderList } from './OrderList';
import { OrderShow } from './OrderShow';

export default { list: OrderList, show: OrderShow, icon: RoomServiceIcon };
