import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import { Button, Stack, Typography } from '@mui/material';
import {
  ExportButton,
  FilterButton,
  BooleanField,
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  Show,
  SimpleList,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { csvExporter, useIsSmall } from '../../components/listKit';

/** One row of /api/admin/reviews. */
interface ReviewRow {
  id: string;
  product_name: string | null;
  author: string;
  stars: number;
  title: string | null;
  text: string;
  status: 'pending' | 'approved' | 'rejected';
}

const STATUSES = [
  { id: 'pending', name: 'resources.reviews.status.pending' },
  { id: 'approved', name: 'resources.reviews.status.approved' },
  { id: 'rejected', name: 'resources.reviews.status.rejected' },
];

const starsText = (n: number) => '★'.repeat(n) + '☆'.repeat(Math.max(0, 5 - n));

/** Approve (shown in the shop, counted in the piece's rating) and reject (hidden): the moderation decisions. */
function ModerateButtons({ compact = false }: { compact?: boolean }) {
  const r = useRecordContext<ReviewRow>();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  if (!r) return null;
  const decide = (status: 'approved' | 'rejected') =>
    update(
      'reviews',
      { id: r.id, data: { status }, previousData: r },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(`resources.reviews.notice.${status}`, { type: 'success' });
          refresh();
        },
        onError: (e) => notify(e.message, { type: 'error' }),
      },
    );
  const size = compact ? 'small' : 'medium';
  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
      {r.status !== 'approved' && (
        <Button size={size} variant="contained" disabled={isPending} onClick={() => void decide('approved')}>
          {translate('resources.reviews.actions.approve')}
        </Button>
      )}
      {r.status !== 'rejected' && (
        <Button size={size} variant="outlined" color="error" disabled={isPending} onClick={() => void decide('rejected')}>
          {translate('resources.reviews.actions.reject')}
        </Button>
      )}
    </Stack>
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUSES} alwaysOn emptyText="resources.reviews.status.all" />,
];

/**
 * The list's own actions: on a phone react-admin draws Export as an icon, and a disabled icon (no pending
 * reviews to export) loses its name, so it is named here.
 */
function ReviewListActions() {
  const translate = useTranslate();
  return (
    <TopToolbar>
      <FilterButton />
      <ExportButton aria-label={translate('ra.action.export')} />
    </TopToolbar>
  );
}

export function ReviewList() {
  const notify = useNotify();
  const translate = useTranslate();
  const small = useIsSmall();
  return (
    <List
      title="facet.titles.reviews"
      filters={filters}
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'created_at', order: 'DESC' }}
      exporter={csvExporter('reviews')}
      actions={<ReviewListActions />}
      queryOptions={{ onError: () => notify(translate('facet.list.load_error'), { type: 'error' }) }}
    >
      {small ? (
        <SimpleList<ReviewRow>
          linkType="show"
          primaryText={(r) => `${starsText(r.stars)} ${r.product_name ?? ''}`}
          secondaryText={(r) => `${r.author} · ${translate(`resources.reviews.status.${r.status}`)}`}
          tertiaryText={(r) => r.title ?? ''}
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <DateField source="created_at" showTime />
          <TextField source="product_name" sortable={false} emptyText="—" />
          <FunctionField<ReviewRow> source="stars" render={(r) => <span aria-label={`${r.stars} of 5`}>{starsText(r.stars)}</span>} />
          <TextField source="author" sortable={false} />
          <FunctionField<ReviewRow>
            source="text"
            sortable={false}
            render={(r) => (
              <Typography variant="body2" sx={{ maxWidth: 420, overflowWrap: 'anywhere' }}>
                {r.title ? <strong>{r.title} · </strong> : null}
                {r.text.length > 160 ? `${r.text.slice(0, 160)}…` : r.text}
              </Typography>
            )}
          />
          <FunctionField<ReviewRow> source="status" render={(r) => translate(`resources.reviews.status.${r.status}`)} />
          <FunctionField label="resources.reviews.fields.decide" render={() => <ModerateButtons compact />} />
        </Datagrid>
      )}
    </List>
  );
}

export function ReviewShow() {
  const translate = useTranslate();
  return (
    <Show
      actions={
        <TopToolbar>
          <ModerateButtons />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="product_name" emptyText="—" />
        <FunctionField<ReviewRow> source="stars" render={(r) => `${starsText(r.stars)} (${r.stars}/5)`} />
        <TextField source="title" emptyText="—" />
        <FunctionField<ReviewRow>
          source="text"
          render={(r) => <Typography sx={{ whiteSpace: 'pre-wrap', maxWidth: 720, overflowWrap: 'anywhere' }}>{r.text}</Typography>}
        />
        <TextField source="author" />
        <BooleanField source="verified" />
        <FunctionField<ReviewRow> source="status" render={(r) => translate(`resources.reviews.status.${r.status}`)} />
        <DateField source="created_at" showTime />
        <DateField source="moderated_at" showTime emptyText="—" />
        <TextField source="order_id" emptyText="—" />
        <NumberField source="version" />
      </SimpleShowLayout>
    </Show>
  );
}

export default { list: ReviewList, show: ReviewShow, icon: RateReviewOutlinedIcon };
