import { Query } from '@nestjs/cqrs';
import { SentMailView } from './sent-mail-view';

/** One mail with its HTML and text; NotFoundError when there is none. */
export class GetSentMailQuery extends Query<SentMailView> {
  constructor(readonly mailId: string) {
    super();
  }
}
