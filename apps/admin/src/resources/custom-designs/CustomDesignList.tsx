import { Datagrid, DateField, FunctionField, List, SearchInput, SimpleList, TextField, useNotify, useTranslate } from 'react-admin';
import { CUSTOM_DESIGN_STATUSES } from '@facet/contracts';
import { ListTabs } from '../../components/ListTabs';
import { BulkStatusButton, csvExporter, dateRangeFilters, useIsSmall } from '../../components/listKit';
import { StatusChip, humanize } from '../../components/StatusChip';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search requests" />, ...dateRangeFilters()];

/** One row of /api/admin/custom-designs (contact fields are null once the person was erased). */
interface DesignRow {
  id: string;
  status: string;
  jewelry_type: string | null;
  metal_type: string | null;
  metal_karat: string | null;
  contact_name: string | null;
}

const metal = (r: DesignRow) => `${humanize(String(r.metal_type ?? ''))} ${r.metal_karat ?? ''}`.trim();

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
        <SimpleList<DesignRow>
          linkType="show"
          primaryText={(r) => `${humanize(String(r.jewelry_type ?? ''))} · ${metal(r)}`}
          secondaryText={(r) => r.contact_name ?? translate('facet.list.erased')}
          tertiaryText={(r) => humanize(String(r.status))}
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={<BulkStatusButton statuses={CUSTOM_DESIGN_STATUSES} />}>
          <FunctionField<DesignRow> source="id" sortable={false} render={(r) => String(r.id).slice(0, 8)} />
          <StatusChip source="status" />
          <DateField source="created_at" showTime />
          <FunctionField<DesignRow> source="jewelry_type" render={(r) => humanize(String(r.jewelry_type ?? ''))} />
          <FunctionField<DesignRow> source="metal" sortable={false} render={metal} />
          <TextField source="contact_name" sortable={false} emptyText={translate('facet.list.erased')} />
        </Datagrid>
      )}
    </List>
  );
}
