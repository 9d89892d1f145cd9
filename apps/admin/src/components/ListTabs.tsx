import { Divider, Tab, Tabs } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { humanize } from './StatusChip';

/** Tabs over a list's status filter ('all' clears it), as on the demo's order list. */
export function ListTabs({ statuses, source = 'status' }: { statuses: readonly string[]; source?: string }) {
  const { setFilters, ...list } = useListContext();
  const filters = list.filterValues as Record<string, unknown>;
  const displayedFilters = list.displayedFilters as Record<string, boolean>;
  const translate = useTranslate();
  const value = (filters[source] as string | undefined) ?? 'all';
  return (
    <>
      <Tabs
        variant="scrollable"
        scrollButtons="auto"
        value={value}
        indicatorColor="primary"
        onChange={(_, v: string) => {
          const { [source]: _drop, ...rest } = filters;
          setFilters(v === 'all' ? rest : { ...rest, [source]: v }, displayedFilters);
        }}
      >
        <Tab value="all" label={translate('facet.tabs.all')} />
        {statuses.map((s) => (
          <Tab key={s} value={s} label={humanize(s)} />
        ))}
      </Tabs>
      <Divider />
    </>
  );
}
