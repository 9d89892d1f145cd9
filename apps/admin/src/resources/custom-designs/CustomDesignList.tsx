import { Datagrid, DateField, FunctionField, List, SearchInput, SimpleList, TextField, useNotify, useTranslate } from 'react-admin';
import { CUSTOM_DESIGN_STATUSES } from '@facet/contracts';
import { ListTabs } from '../../components/ListTabs';
import { BulkStatusButton, csvExporter, dateRangeFilters, useIsSmall } from '../../components/listKit';
import { StatusChip, humanize } from '../../components/StatusChip';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search requests" />, ...dateRangeFilters()];

const metal = (r: any) => `${humanize(String(r.metal_type ?? ''))} ${r.metal_karat ?? ''}`.trim();

export function CustomDesignList() {
  const notify = useNotify();
  const translate = useTranslate();
  const small = useIsSmall();
  return (
    <List
      title="facet.titles.custom_designs"
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      exporter={csvExporter('custom-designs')}
      queryOptions={{ onError: () => notify(translate('facet.list.load_error'), { type: 'error' }) }}
    >
      <ListTabs statuses={CUSTOM_DESIGN_STATUSES} />
      {small ? (
        <SimpleList
          linkType="show"
          primaryText={(r: any) => `${humanize(String(r.jewelry_type ?? ''))} · ${metal(r)}`}
          secondaryText={(r: any) => r.contact_name ?? translate('facet.list.erased')}
          tertiaryText={(r: any) => humanize(String(r.status))}
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={<BulkStatusButton statuses={CUSTOM_DESIGN_STATUSES} />}>
          <FunctionField source="id" sortable={false} render={(r: any) => String(r.id).slice(0, 8)} />
          <StatusChip source="status" />
          <DateField source="created_at" showTime />
          <FunctionField source="jewelry_type" render={(r: any) => humanize(String(r.jewelry_type ?? ''))} />
          <FunctionField source="metal" sortable={false} render={metal} />
          <TextField source="contact_name" sortable={false} emptyText={translate('facet.list.erased')} />
        </Datagrid>
      )}
    </List>
  );
}
