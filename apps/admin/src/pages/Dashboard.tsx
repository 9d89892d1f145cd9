import {
  Box,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Grid,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Typography,
  useTheme,
} from '@mui/material';
import { forwardRef, useEffect, useState } from 'react';
import { Link as RouterLink, type LinkProps } from 'react-router-dom';
import { Title, useBasename, useDataProvider, useNotify, useTranslate } from 'react-admin';

/** A link inside the console: '/products' means /admin/products (a bare '/products' would leave for the shop). */
const Link = forwardRef<HTMLAnchorElement, LinkProps & { to: string }>(({ to, ...rest }, ref) => {
  const basename = useBasename();
  return <RouterLink ref={ref} to={`${basename}${to}`} {...rest} />;
});
import type { FacetDataProvider } from '../dataProvider';
import type { Dashboard as DashboardData } from '../consoleWire';
import { humanize } from '../components/StatusChip';

interface Day {
  day: string;
  orders: number;
  custom_designs: number;
}

/** A small stacked bar chart in plain SVG: requests per day, consultation requests and custom designs. */
export function RequestsChart({ days }: { days: Day[] }) {
  const theme = useTheme();
  const translate = useTranslate();
  const w = 720;
  const h = 180;
  const pad = 24;
  const max = Math.max(1, ...days.map((d) => d.orders + d.custom_designs));
  const bw = (w - pad * 2) / Math.max(days.length, 1);
  const gold = theme.palette.primary.main;
  const slate = theme.palette.secondary.main;
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${w} ${h + 28}`}
      role="img"
      aria-label={translate('facet.dashboard.chart_label')}
      sx={{ width: '100%', height: 'auto' }}
    >
      <line x1={pad} x2={w - pad} y1={h} y2={h} stroke={theme.palette.divider} />
      <text x={pad} y={14} fontSize="11" fill={theme.palette.text.secondary}>
        {translate('facet.dashboard.chart_max', { max })}
      </text>
      {days.map((d, i) => {
        const oh = (d.orders / max) * (h - 24);
        const ch = (d.custom_designs / max) * (h - 24);
        const x = pad + i * bw + 2;
        return (
          <g key={d.day}>
            <title>{translate('facet.dashboard.chart_day', { day: d.day, orders: d.orders, designs: d.custom_designs })}</title>
            <rect x={x} y={h - oh} width={bw - 4} height={oh} fill={gold} rx={2} />
            <rect x={x} y={h - oh - ch} width={bw - 4} height={ch} fill={slate} rx={2} />
            {i % 5 === 4 || i === days.length - 1 ? (
              <text x={x + (bw - 4) / 2} y={h + 16} fontSize="10" textAnchor="middle" fill={theme.palette.text.secondary}>
                {new Date(`${d.day}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' })}
              </text>
            ) : null}
          </g>
        );
      })}
    </Box>
  );
}

function Stat({ label, value, to }: { label: string; value: string | number; to?: string }) {
  const body = (
    <CardContent>
      <Typography variant="overline" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h3" sx={{ color: 'primary.main', lineHeight: 1.1 }}>
        {value}
      </Typography>
    </CardContent>
  );
  return (
    <Card sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}

function ByStatus({ title, counts, resource }: { title: string; counts: Record<string, number>; resource: string }) {
  const entries = Object.entries(counts);
  const translate = useTranslate();
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {title}
        </Typography>
        {entries.length === 0 ? (
          <Typography color="text.secondary">{translate('facet.dashboard.nothing_waiting')}</Typography>
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {entries.map(([status, n]) => (
              <Chip
                key={status}
                component={Link}
                to={`/${resource}?filter=${encodeURIComponent(JSON.stringify({ status }))}`}
                clickable
                label={`${humanize(status)} · ${n}`}
                color={status === 'pending' || status === 'consultation_requested' ? 'primary' : 'default'}
                variant="outlined"
              />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

export function Dashboard() {
  const dataProvider = useDataProvider<FacetDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [d, setD] = useState<DashboardData | null>(null);
  useEffect(() => {
    dataProvider.dashboard().then(setD, () => notify(translate('facet.list.load_error'), { type: 'error' }));
  }, [dataProvider, notify, translate]);
  return (
    <Box sx={{ py: 2 }} data-testid="dashboard">
      <Title title={translate('facet.dashboard.title')} />
      <Typography variant="h4" sx={{ mb: 0.5 }}>
        {translate('facet.dashboard.greeting')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('facet.dashboard.intro')}
      </Typography>
      {!d ? (
        <Typography color="text.secondary">{translate('facet.common.loading')}</Typography>
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 6, md: 3 }}>
            <Stat label={translate('facet.dashboard.total_products')} value={d.total_products} to="/products" />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <Stat label={translate('facet.dashboard.total_customers')} value={d.total_customers} to="/customers" />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <Stat label={translate('facet.dashboard.categories')} value={d.category_count} />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <Stat label={translate('facet.dashboard.average_price')} value={`$${Number(d.average_price).toLocaleString()}`} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Stat
              label={translate('facet.dashboard.new_consultation_requests')}
              value={d.new_consultation_requests}
              to={`/orders?filter=${encodeURIComponent(JSON.stringify({ status: 'consultation_requested' }))}`}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <ByStatus
              title={translate('facet.dashboard.custom_designs_by_status')}
              counts={d.custom_designs_by_status}
              resource="custom-designs"
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <ByStatus title={translate('facet.dashboard.orders_by_status')} counts={d.orders_by_status} resource="orders" />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <Card>
              <CardContent>
                <Typography variant="h6">{translate('facet.dashboard.requests_per_day')}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {translate('facet.dashboard.last_30_days')} ·{' '}
                  <Box component="span" sx={{ color: 'primary.main' }}>
                    ■
                  </Box>{' '}
                  {translate('facet.dashboard.legend_orders')} ·{' '}
                  <Box component="span" sx={{ color: 'secondary.main' }}>
                    ■
                  </Box>{' '}
                  {translate('facet.dashboard.legend_designs')}
                </Typography>
                <RequestsChart days={d.requests_per_day} />
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6">{translate('facet.dashboard.latest_messages')}</Typography>
                {d.latest_messages.length === 0 ? (
                  <Typography color="text.secondary">{translate('facet.dashboard.no_messages')}</Typography>
                ) : (
                  <List dense disablePadding>
                    {d.latest_messages.map((m) => (
                      <ListItem key={m.id} disablePadding>
                        <ListItemButton component={Link} to={`/messages/${m.id}/show`} sx={{ color: 'inherit', px: 0 }}>
                          <ListItemText
                            primary={m.subject ?? '—'}
                            secondary={`${m.name ?? translate('facet.list.erased')} · ${m.created_at ? new Date(m.created_at).toLocaleDateString() : ''}${m.handled ? ` · ${translate('facet.dashboard.handled')}` : ''}`}
                          />
                        </ListItemButton>
                      </ListItem>
                    ))}
                  </List>
                )}
              </CardContent>
            </Card>
          </Grid>
        </Grid>
      )}
    </Box>
  );
}
