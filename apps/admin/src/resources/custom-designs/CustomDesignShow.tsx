import { Box, Card, CardContent, Grid, Typography } from '@mui/material';
import {
  DeleteWithConfirmButton,
  Show,
  TabbedShowLayout,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { CUSTOM_DESIGN_TRANSITIONS } from '@facet/contracts';
import type { Actor } from '../../consoleWire';
import { customDesignImageUrl } from '../../dataProvider';
import { RecordHistory, actorLabel } from '../../components/RecordHistory';
import { StatusActions } from '../../components/StatusActions';
import { StatusChip, humanize } from '../../components/StatusChip';

/** The request's choices, each labelled by facet.design.<field>. */
const CHOICES = ['category', 'jewelry_type', 'diamond_shape', 'diamond_size', 'metal_type', 'metal_karat', 'preferred_contact'] as const;

function Choices() {
  const r = useRecordContext();
  const translate = useTranslate();
  if (!r) return null;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}>
          {CHOICES.map((k) => (
            <Box key={k} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {translate(`facet.design.${k}`)}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
                {r[k] ? (k === 'diamond_size' || k === 'metal_karat' ? String(r[k]) : humanize(String(r[k]))) : '—'}
              </Typography>
            </Box>
          ))}
          <Typography component="dt" color="text.secondary">
            {translate('facet.design.client')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {r.contact_name ?? translate('facet.list.erased')}
          </Typography>
          <Typography component="dt" color="text.secondary">
            {translate('facet.design.email')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {r.contact_email ?? '—'}
          </Typography>
          <Typography component="dt" color="text.secondary">
            {translate('facet.design.phone')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {r.contact_phone ?? '—'}
          </Typography>
        </Box>
        <Typography variant="overline" color="text.secondary" sx={{ display: 'block', mt: 2 }}>
          {translate('facet.design.design_notes')}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{r.design_notes || translate('facet.design.none')}</Typography>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="overline" color="text.secondary">
              {translate('facet.design.inspiration_image')}
            </Typography>
            {r.has_image ? (
              <Box
                component="img"
                src={customDesignImageUrl(String(r.id))}
                alt={translate('facet.design.uploaded_design')}
                sx={{ width: '100%', borderRadius: 1, display: 'block' }}
                data-testid="design-image"
              />
            ) : (
              <Typography color="text.secondary">{translate('facet.design.no_image')}</Typography>
            )}
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}

/** A status change in the design's history (the API's CustomDesignHistoryEntryDto). */
interface DesignStatusChange {
  type: string;
  occurred_at: string;
  actor: Actor | null;
  note: string | null;
  from?: string | null;
  to?: string | null;
}

function Notes() {
  const r = useRecordContext<{ id: string; history?: DesignStatusChange[] }>();
  const translate = useTranslate();
  const history: DesignStatusChange[] = r?.history ?? [];
  if (!history.length) return <Typography color="text.secondary">{translate('facet.design.no_status_changes')}</Typography>;
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {history.map((h, n) => (
        <Box component="li" key={n} sx={{ borderLeft: 2, borderColor: 'primary.main', pl: 2, pb: 2 }}>
          <Typography sx={{ fontWeight: 600 }}>{h.from ? `${humanize(h.from)} → ${humanize(h.to ?? '')}` : h.type}</Typography>
          <Typography variant="body2" color="text.secondary">
            {new Date(h.occurred_at).toLocaleString()} · {actorLabel(h.actor)}
          </Typography>
          {h.note ? <Typography variant="body2">“{h.note}”</Typography> : null}
        </Box>
      ))}
    </Box>
  );
}

function Actions() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <TopToolbar>
      <DeleteWithConfirmButton
        confirmContent="facet.design.delete_content"
        mutationOptions={{
          onSuccess: () => {
            notify('facet.notice.design_deleted', { type: 'success' });
            redirect('list', 'custom-designs');
          },
          onError: () => notify('facet.notice.design_delete_error', { type: 'error' }),
        }}
      />
    </TopToolbar>
  );
}

const Title = () => {
  const r = useRecordContext();
  const translate = useTranslate();
  return <span>{r ? translate('facet.design.title', { id: String(r.id).slice(0, 8) }) : ''}</span>;
};

export function CustomDesignShow() {
  const translate = useTranslate();
  return (
    <Show title={<Title />} actions={<Actions />}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="facet.show.request">
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <Typography variant="h5">{translate('facet.show.status')}</Typography>
            <StatusChip />
          </Box>
          <StatusActions resource="custom-designs" transitions={CUSTOM_DESIGN_TRANSITIONS} />
          <Choices />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="facet.show.notes" path="notes">
          <Notes />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="facet.show.history" path="history">
          <RecordHistory prefix="custom-design" />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}
