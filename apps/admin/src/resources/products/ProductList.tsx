import type { Product } from '@facet/contracts';
import { Avatar } from '@mui/material';
import {
  BooleanField,
  CreateButton,
  ExportButton,
  Datagrid,
  EditButton,
  FilterButton,
  List,
  NumberField,
  SearchInput,
  SelectField,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { BulkDeleteProductsButton, useIsSmall } from '../../components/listKit';
import { ClearInventoryButton } from './ClearInventoryButton';
import { ProductDeleteButton } from './ProductDeleteButton';
import { categoryChoices } from './ProductForm';
import { ProductQuickEdit } from './ProductQuickEdit';
import { productsExporter } from '../../export/productsExport';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search products" />,
  <SelectInput key="c" source="category" choices={categoryChoices} alwaysOn />,
];

const Thumbnail = (_: { label?: string }) => {
  const record = useRecordContext<{ id: string; image?: string }>();
  return <Avatar variant="rounded" src={record?.image} alt="" sx={{ width: 48, height: 48, bgcolor: 'background.default' }} />;
};

const Actions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton label="facet.actions.add_product" />
    <ExportButton />
    <ClearInventoryButton />
  </TopToolbar>
);

export function ProductList() {
  const notify = useNotify();
  const translate = useTranslate();
  const small = useIsSmall();
  const usd = (n: unknown) => (typeof n === 'number' ? n.toLocaleString(undefined, { style: 'currency', currency: 'USD' }) : '—');
  return (
    <List
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'featured', order: 'ASC' }}
      perPage={25}
      exporter={productsExporter} // one row per variant (size, metal, SKU, stock), read from each product's page
      queryOptions={{ onError: () => notify(translate('facet.list.load_error'), { type: 'error' }) }}
    >
      {small ? (
        <SimpleList<Product>
          linkType="edit"
          leftAvatar={(r) => <Avatar variant="rounded" src={r.image} alt="" />}
          primaryText={(r) => r.name}
          secondaryText={(r) => categoryChoices.find((c) => c.id === r.category)?.name ?? r.category}
          tertiaryText={(r) => usd(r.price)}
        />
      ) : (
        <Datagrid rowClick={false} expand={<ProductQuickEdit />} expandSingle bulkActionButtons={<BulkDeleteProductsButton />}>
          <Thumbnail label="resources.products.fields.image" />
          <TextField source="name" />
          <SelectField source="category" choices={categoryChoices} sortable={false} />
          <NumberField source="price" options={{ style: 'currency', currency: 'USD' }} />
          <NumberField source="rating" />
          <BooleanField source="in_stock" sortable={false} />
          <EditButton />
          <ProductDeleteButton />
        </Datagrid>
      )}
    </List>
  );
}
