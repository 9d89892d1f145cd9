import DiamondIcon from '@mui/icons-material/Diamond';
import { ProductCreate } from './ProductCreate';
import { ProductEdit } from './ProductEdit';
import { ProductList } from './ProductList';

export default { list: ProductList, create: ProductCreate, edit: ProductEdit, icon: DiamondIcon, recordRepresentation: 'name' };
