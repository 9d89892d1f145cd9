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
  },
};

export const i18nProvider = polyglotI18nProvider(() => en, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });
