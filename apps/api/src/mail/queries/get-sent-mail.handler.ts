import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DatabaseService } from '../../platform/database/database.service';
import { NotFoundError } from '../../platform/domain/errors';
import { MailArchive } from '../mail-archive';
import { hideMailSecrets } from '../mail-secrets';
import { GetSentMailQuery } from './get-sent-mail.query';
import { SentMailRow, SentMailView, toSummary } from './sent-mail-view';

@QueryHandler(GetSentMailQuery)
export class GetSentMailHandler implements IQueryHandler<GetSentMailQuery, SentMailView> {
  constructor(
    private readonly db: DatabaseService,
    private readonly archive: MailArchive,
  ) {}

  async execute({ mailId }: GetSentMailQuery): Promise<SentMailView> {
    // Job ids are short and plain; anything else cannot exist (and never reaches SQL).
    if (!/^[A-Za-z0-9._-]{1,200}$/.test(mailId)) throw new NotFoundError();
    const row = await this.db.one<SentMailRow>('SELECT * FROM sent_mail WHERE id = $1', [mailId]);
    if (!row) throw new NotFoundError();
    // Mail recorded before the archive (MailSent version 1) has its body in the read model.
    const body = row.html == null && row.text == null ? await this.archive.get(mailId) : { html: row.html ?? null, text: row.text ?? null };
    // Mail archived before secrets were kept out may still hold a verification code or a reset link: staff never see one.
    return { ...toSummary(row), html: hideMailSecrets(row.kind, body?.html ?? null), text: hideMailSecrets(row.kind, body?.text ?? null) };
  }
}
