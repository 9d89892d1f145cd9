import { GetSentMailHandler } from './get-sent-mail.handler';
import { ListSentMailHandler } from './list-sent-mail.handler';

export const QUERY_HANDLERS = [ListSentMailHandler, GetSentMailHandler];
