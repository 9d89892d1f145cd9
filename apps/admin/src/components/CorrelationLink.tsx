import { Link } from '@mui/material';
import type { ReactNode } from 'react';
import { useBasename, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

/** The audit log filtered to one conversation: every event of a request and of what it caused. */
export function auditLogOf(basename: string, correlationId: string): string {
  return `${basename}/audit-events?filter=${encodeURIComponent(JSON.stringify({ correlation_id: correlationId }))}`;
}

/**
 * A correlation id as a link to the audit log filtered by it, so auditors follow a conversation with a click
 * (it took the API or a hand-typed URL). `children` is what shows (the short form by default); the whole id is
 * in the link's title and its address.
 */
export function CorrelationLink({ id, children }: { id: unknown; children?: ReactNode }) {
  const basename = useBasename();
  const translate = useTranslate();
  if (typeof id !== 'string' || id === '') return <>{children ?? '—'}</>;
  return (
    <Link
      component={RouterLink}
      to={auditLogOf(basename, id)}
      title={translate('facet.audit.correlation_link_title', { id })}
      data-testid="correlation-link"
      sx={{ overflowWrap: 'anywhere' }}
    >
      {children ?? translate('facet.history.correlation', { id: id.slice(0, 8) })}
    </Link>
  );
}
