import DesignServicesIcon from '@mui/icons-material/DesignServices';
import { CustomDesignList } from './CustomDesignList';
import { CustomDesignShow } from './CustomDesignShow';

export default { list: CustomDesignList, show: CustomDesignShow, icon: DesignServicesIcon };
