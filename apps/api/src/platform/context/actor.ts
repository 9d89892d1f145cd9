/**
 * Who caused an event. It lives with the request context (which records it for the request) rather than
 * with the event store (which stores it in each event's metadata), so the context does not import the
 * event store: the event store's services read the context, never the other way round (issue 42).
 */
export interface Actor {
  type: 'customer' | 'staff' | 'system' | 'anonymous';
  id?: string;
}
