import { Avatar } from '@mui/material';
import {
  BooleanField,
  CreateButton,
  Datagrid,
  EditButton,
  FilterButton,
  List,
  NumberField,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
} from 'react-admin';
import { ClearInventoryButton } from './ClearInventoryButton';
import { ProductDeleteButton } from './ProductDeleteButton';
import { categoryChoices } from './ProductForm';
import { ProductQuickEdit } from './ProductQuickEdit';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search products" />, <SelectInput key="c" source="category" choices={categoryChoices} alwaysOn />];

const Thumbnail = (_: { label?: string }) => {
  const record = useRecordContext();
  return <Avatar variant="rounded" src={record?.image} alt="" sx={{ width: 48, height: 48, bgcolor: 'background.default' }} />;
};

const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton label="Add product" />
    <ClearInventoryButton />
  </TopToolbar>
);

export function ProductList() {
  const notify = useNotify();
  return (
    <List
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'featured', order: 'ASC' }}
      perPage={25}
      queryOptions={{ onError: () => notify('Error loading data', { type: 'error' }) }}
    >
      <Datagrid rowClick={false} expand={<ProductQuickEdit />} expandSingle bulkActionButtons={false}>
        <Thumbnail label="" />
        <TextField source="name" />
        <SelectField source="category" choices={categoryChoices} sortable={false} />
        <NumberField source="price" options={{ style: 'currency', currency: 'USD' }} />
        <NumberField source="rating" />
        <BooleanField source="in_stock" label="In stock" sortable={false} />
        <EditButton />
        <ProductDeleteButton />
      </Datagrid>
    </List>
  );
}
