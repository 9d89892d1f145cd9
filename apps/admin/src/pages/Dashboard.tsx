import { Box, Card, CardActionArea, CardContent, Chip, Grid, List, ListItem, ListItemButton, ListItemText, Typography, useTheme } from '@mui/material';
import { forwardRef, useEffect, useState } from 'react';
import { Link as RouterLink, type LinkProps } from 'react-router-dom';
import { Title, useBasename, useDataProvider, useNotify } from 'react-admin';

/** A link inside the console: '/products' means /admin/products (a bare '/products' would leave for the shop). */
const Link = forwardRef<HTMLAnchorElement, LinkProps & { to: string }>(({ to, ...rest }, ref) => {
  const basename = useBasename();
  return <RouterLink ref={ref} to={`${basename}${to}`} {...rest} />;
});
import type { FacetDataProvider } from '../dataProvider';
import { humanize } from '../components/StatusChip';

interface Day {
  day: string;
  orders: number;
  custom_designs: number;
}

/** A small stacked bar chart in plain SVG: requests per day, consultation requests and custom designs. */
export function RequestsChart({ days }: { days: Day[] }) {
  const theme = useTheme();
  const w = 720;
  const h = 180;
  const pad = 24;
  const max = Math.max(1, ...days.map((d) => d.orders + d.custom_designs));
  const bw = (w - pad * 2) / Math.max(days.length, 1);
  const gold = theme.palette.primary.main;
  const slate = theme.palette.secondary.main;
  return (
    <Box component="svg" viewBox={`0 0 ${w} ${h + 28}`} role="img" aria-label="Requests per day, last 30 days" sx={{ width: '100%', height: 'auto' }}>
      <line x1={pad} x2={w - pad} y1={h} y2={h} stroke={theme.palette.divider} />
      <text x={pad} y={14} fontSize="11" fill={theme.palette.text.secondary}>{max} max</text>
      {days.map((d, i) => {
        const oh = (d.orders / max) * (h - 24);
        const ch = (d.custom_designs / max) * (h - 24);
        const x = pad + i * bw + 2;
        return (
          <g key={d.day}>
            <title>{`${d.day}: ${d.orders} requests & orders, ${d.custom_designs} custom designs`}</title>
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
      <Typography variant="overline" color="text.secondary">{label}</Typography>
      <Typography variant="h3" sx={{ color: 'primary.main', lineHeight: 1.1 }}>{value}</Typography>
    </CardContent>
  );
  return <Card sx={{ height: '100%' }}>{to ? <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>{body}</CardActionArea> : body}</Card>;
}

function ByStatus({ title, counts, resource }: { title: string; counts: Record<string, number>; resource: string }) {
  const entries = Object.entries(counts);
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" gutterBottom>{title}</Typography>
        {entries.length === 0 ? (
          <Typography color="text.secondary">Nothing waiting.</Typography>
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
  const [d, setD] = useState<any>(null);
  useEffect(() => {
    dataProvider.dashboard().then(setD, () => notify('Error loading data', { type: 'error' }));
  }, [dataProvider, notify]);
  return (
    <Box sx={{ py: 2 }} data-testid="dashboard">
      <Title title="Dashboard" />
      <Typography variant="h4" sx={{ mb: 0.5 }}>Good day</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>The house at a glance: the catalogue, the clients, and who is waiting for us.</Typography>
      {!d ? (
        <Typography color="text.secondary">Loading...</Typography>
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 6, md: 3 }}><Stat label="Total products" value={d.total_products} to="/products" /></Grid>
          <Grid size={{ xs: 6, md: 3 }}><Stat label="Total customers" value={d.total_customers} to="/customers" /></Grid>
          <Grid size={{ xs: 6, md: 3 }}><Stat label="Categories" value={d.category_count} /></Grid>
          <Grid size={{ xs: 6, md: 3 }}><Stat label="Average price" value={`$${Number(d.average_price).toLocaleString()}`} /></Grid>
          <Grid size={{ xs: 12, md: 4 }}><Stat label="New consultation requests" value={d.new_consultation_requests} to={`/orders?filter=${encodeURIComponent(JSON.stringify({ status: 'consultation_requested' }))}`} /></Grid>
          <Grid size={{ xs: 12, md: 4 }}><ByStatus title="Custom designs by status" counts={d.custom_designs_by_status} resource="custom-designs" /></Grid>
          <Grid size={{ xs: 12, md: 4 }}><ByStatus title="Requests & orders by status" counts={d.orders_by_status} resource="orders" /></Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <Card>
              <CardContent>
                <Typography variant="h6">Requests per day</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  Last 30 days · <Box component="span" sx={{ color: 'primary.main' }}>■</Box> consultation requests & orders · <Box component="span" sx={{ color: 'secondary.main' }}>■</Box> custom designs
                </Typography>
                <RequestsChart days={d.requests_per_day} />
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6">Latest messages</Typography>
                {d.latest_messages.length === 0 ? (
                  <Typography color="text.secondary">No messages yet.</Typography>
                ) : (
                  <List dense disablePadding>
                    {d.latest_messages.map((m: any) => (
                      <ListItem key={m.id} disablePadding>
                        <ListItemButton component={Link} to={`/messages/${m.id}/show`} sx={{ color: 'inherit', px: 0 }}>
                          <ListItemText primary={m.subject ?? '—'} secondary={`${m.name ?? '— erased —'} · ${m.created_at ? new Date(m.created_at).toLocaleDateString() : ''}${m.handled ? ' · handled' : ''}`} />
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
