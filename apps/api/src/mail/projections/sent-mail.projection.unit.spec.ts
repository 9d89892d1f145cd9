import type { CustomerDeleted, MailEvent } from '@facet/contracts';
import { ERASED } from '../../platform/privacy/personal-data';
import { effectStatements, readModelSpec, recorded } from '../../testing/read-model-spec';
import { sentMailReadModel } from './sent-mail.projection';

const mail = readModelSpec(sentMailReadModel);
const AT = '2026-03-01T10:00:00.000Z';
const sent = (over: Record<string, unknown> = {}) =>
  recorded<MailEvent>(
    {
      type: 'MailSent',
      data: {
        mail_id: 'm-1',
        kind: 'order-confirmation',
        subject_id: 'customer:c-1',
        to: 'ada@example.com',
        subject: 'Your order',
        delivered: true,
        suppressed: null,
        ...over,
      } as never,
    },
    { occurredAt: AT },
  );
const row = {
  id: 'm-1',
  kind: 'order-confirmation',
  subject_id: 'customer:c-1',
  to_address: 'ada@example.com',
  subject: 'Your order',
  html: null,
  text: null,
  delivered: true,
  suppressed: null,
  sent_at: AT,
};

describe('rm.sent_mail as a fold', () => {
  it('should store each mail sent, the first of two records staying', () => {
    mail.given(sent()).thenRow('m-1', row);
    mail.given(sent(), sent({ subject: 'Again' })).thenRow('m-1', row);
  });

  it('should keep mail of an account already erased without the person, and none for a guest whose key is gone', () => {
    mail
      .givenRows([], new Set(['customer:c-1']))
      .given(sent())
      .thenRow('m-1', { ...row, to_address: ERASED, subject: ERASED });
    mail.given(sent({ subject_id: 'guest:abc', to: ERASED })).thenNoRow('m-1');
  });

  it('should keep hostile text as PostgreSQL receives it (a lone surrogate as U+FFFD)', () => {
    mail.given(sent({ subject: 'Ring 💎 \ud800' })).thenRowMatches('m-1', { subject: 'Ring 💎 \ufffd' });
  });

  it("should purge a deleted customer's mail and remember the account, as an effect", async () => {
    const deleted = recorded<CustomerDeleted>({ type: 'CustomerDeleted', data: { customer_id: 'c-1' } as CustomerDeleted['data'] });
    expect(sentMailReadModel.keyOf(deleted)).toBeNull();
    const statements = await effectStatements(mail.effectOf(deleted)!, deleted);
    expect(statements.map((s) => s.sql.split(' ').slice(0, 2).join(' '))).toEqual(['DELETE FROM', 'INSERT INTO']);
    expect(statements[0].params).toEqual([['customer:c-1'], null, []]);
    expect(statements[1].params).toEqual([['customer:c-1']]);
  });
});
