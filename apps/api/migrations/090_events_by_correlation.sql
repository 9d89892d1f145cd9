-- Auditors follow one conversation (an order, its payment, its mails) through the log by correlation id.
CREATE INDEX IF NOT EXISTS es_events_correlation_id ON public.es_events ((metadata->>'correlationId'));
