import englishMessages from 'ra-language-english';
import polyglotI18nProvider from 'ra-i18n-polyglot';

/**
 * The console's words: react-admin's own English plus Facet's resource names, column labels and actions.
 * Dates and numbers are not here: they are written in the browser's locale (DateField, toLocaleString()).
 */
export const en = {
  ...englishMessages,
  resources: {
    products: {
      name: 'Product |||| Products',
      fields: { name: 'Name', category: 'Category', price: 'Price', rating: 'Rating', in_stock: 'In stock', image: 'Image' },
    },
    orders: {
      name: 'Request |||| Requests & orders',
      fields: {
        reference: 'Order', created_at: 'Received', client: 'Client', kind: 'Kind', items: 'Items', total: 'Total', status: 'Status', payment_status: 'Payment',
        q: 'Search', from: 'Received from', to: 'Received until',
      },
    },
    'custom-designs': {
      name: 'Custom design |||| Custom designs',
      fields: { id: 'Id', status: 'Status', created_at: 'Received', jewelry_type: 'Piece', metal: 'Metal', contact_name: 'Client', from: 'Received from', to: 'Received until' },
    },
    customers: {
      name: 'Customer |||| Customers',
      fields: { lastName: 'Name', email: 'E-mail', phone: 'Phone', status: 'Status', created_at: 'Registered' },
    },
    messages: {
      name: 'Message |||| Messages',
      fields: { created_at: 'Received', name: 'Name', email: 'E-mail', subject: 'Subject', handled: 'Handled', from: 'Received from', to: 'Received until' },
    },
    mail: {
      name: 'Sent e-mail |||| Sent e-mails',
      fields: { sent_at: 'Sent', kind: 'Kind', to: 'To', subject: 'Subject', delivered: 'Delivered' },
    },
    'audit-events': {
      name: 'Audit event |||| Audit log',
      fields: { occurred_at: 'When', type: 'Type', stream_id: 'Record', actor: 'Who', data: 'What changed', stream: 'Stream (e.g. order-)', from: 'From', to: 'To' },
    },
    staff: {
      name: 'Staff member |||| Staff',
      fields: { name: 'Name', email: 'E-mail', role: 'Role', created_at: 'Created' },
    },
  },
  facet: {
    menu: { dashboard: 'Dashboard', replay: 'Replay', verification: 'Log verification', queues: 'Queues', parked_events: 'Parked events', user_menu_of: '%{name}, account menu' },
    bulk: {
      change_status: 'Change status',
      status_to: 'Mark as %{status}',
      status_done: '1 record moved to %{status} |||| %{smart_count} records moved to %{status}',
      mark_handled: 'Mark handled',
      handled_done: '1 message marked as handled |||| %{smart_count} messages marked as handled',
      delete_products_title: 'Delete 1 product? |||| Delete %{smart_count} products?',
      delete_products_content: 'This permanently removes them from the catalogue. This cannot be undone.',
      deleted_products: '1 product deleted |||| %{smart_count} products deleted',
      partly_failed: 'Not every record could be changed: %{detail}',
    },
    list: { load_error: 'Error loading data', erased: '— erased —' },
    common: { refresh: 'Refresh', loading: 'Loading...', retry: 'Retry', close: 'Close' },
    dashboard: {
      title: 'Dashboard',
      greeting: 'Good day',
      intro: 'The house at a glance: the catalogue, the clients, and who is waiting for us.',
      total_products: 'Total products',
      total_customers: 'Total customers',
      categories: 'Categories',
      average_price: 'Average price',
      new_consultation_requests: 'New consultation requests',
      custom_designs_by_status: 'Custom designs by status',
      orders_by_status: 'Requests & orders by status',
      nothing_waiting: 'Nothing waiting.',
      requests_per_day: 'Requests per day',
      last_30_days: 'Last 30 days',
      legend_orders: 'consultation requests & orders',
      legend_designs: 'custom designs',
      chart_label: 'Requests per day, last 30 days',
      chart_max: '%{max} max',
      chart_day: '%{day}: %{orders} requests & orders, %{designs} custom designs',
      latest_messages: 'Latest messages',
      no_messages: 'No messages yet.',
      handled: 'handled',
    },
    queues: { title: 'Queues', last_failures: 'Last failures', none: 'None.', tries: '%{count} tries' },
    replay: {
      title: 'Replay',
      heading: 'Replay the event log',
      intro: 'Rebuilds every read model from the events into fresh tables, then swaps them in. The shop stays open meanwhile.',
      phase: 'Phase',
      events: 'Events:',
      events_per_second: '%{rate} events/s',
      started: 'Started %{at}',
      finished: 'finished %{at}',
      done: 'Replayed %{events} events in %{seconds} s (%{rate} events/s).',
      start: 'Start replay',
      started_notice: 'Replay started',
      confirm_title: 'Start a replay?',
      confirm_content: 'Every read model will be rebuilt from the event log and swapped in.',
    },
    verification: {
      title: 'Log verification',
      heading: 'Verify the event log',
      intro:
        'Every event carries a hash chained to the event before it in its record, and checkpoints cover the whole log in order. A verification recomputes them all and names the first event that no longer matches.',
      never: 'The log has not been verified yet.',
      intact: 'Intact: %{events} events in %{streams} records verified',
      rate: ' (%{rate} events/s)',
      broken: 'Broken: %{breaks} link(s). First: record %{stream}, version %{revision}, position %{position} — %{reason}',
      error: 'The verification could not finish: %{error}',
      running: 'Running: %{events} events so far',
      last_run: 'Last run %{at}',
      checkpoints: ' · checkpoints checked %{checked}, recorded %{written}',
      verify_now: 'Verify now',
      started_notice: 'Verification started',
      catalogue_title: 'The catalogue as of a date',
      catalogue_intro: "Names, prices and stock at the end of a day (UTC), replayed from the products' events.",
      date: 'Date',
      download_csv: 'Download CSV',
    },
    parked: {
      title: 'Parked events',
      intro:
        "Events a projection or reactor failed on, after retries. Later events of the same record wait behind the first one; everything else keeps flowing. Fix the cause, then retry: the record's parked events run again in order.",
      retried_partly: 'Handled %{retried}; %{still_parked} still parked: %{error}',
      retried: 'Handled 1 parked event in order |||| Handled %{smart_count} parked events in order',
      stream_line: 'Stream %{stream} · revision %{revision} · position %{position}',
      failed_line: 'First failed %{first} · last %{last} · %{attempts} attempts',
      event_data: 'Event data',
      event_gone: 'The event is no longer in the log.',
      none: 'Nothing is parked: every projection and reactor handled every event.',
      first_failed: 'First failed',
      consumer: 'Consumer',
      event: 'Event',
      stream: 'Stream',
      error: 'Error',
      attempts: 'Attempts',
      waiting: 'waiting',
    },
  },
};

export const i18nProvider = polyglotI18nProvider(() => en, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });
