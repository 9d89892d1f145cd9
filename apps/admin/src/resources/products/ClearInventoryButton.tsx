import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { useState } from 'react';
import { Button, Confirm, useDataProvider, useNotify, usePermissions, useRefresh } from 'react-admin';
import type { FacetDataProvider } from '../../dataProvider';

/** Admins only: removes every product, behind a confirmation. */
export function ClearInventoryButton() {
  const { permissions } = usePermissions<string | null>();
  const dataProvider = useDataProvider<FacetDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (permissions !== 'admin') return null;
  return (
    <>
      <Button label="facet.clear_inventory.button" color="error" onClick={() => setOpen(true)}>
        <DeleteSweepIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="facet.clear_inventory.title"
        content="facet.clear_inventory.content"
        confirm="facet.clear_inventory.button"
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            const r = await dataProvider.clearInventory();
            notify('facet.notice.inventory_cleared', { type: 'success', messageArgs: { count: r.deleted } });
            refresh();
          } catch {
            notify('facet.notice.product_delete_error', { type: 'error' });
          } finally {
            setBusy(false);
            setOpen(false);
          }
        }}
      />
    </>
  );
}
