import { GetContactMessageHandler, ListContactMessagesHandler } from './contact-message-queries';

export const QUERY_HANDLERS = [ListContactMessagesHandler, GetContactMessageHandler];
