import { MarkContactMessageHandledHandler } from './mark-contact-message-handled.handler';
import { SendContactMessageHandler } from './send-contact-message.handler';

export const COMMAND_HANDLERS = [MarkContactMessageHandledHandler, SendContactMessageHandler];
