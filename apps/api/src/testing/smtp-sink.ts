import { mkdirSync, writeFileSync } from 'fs';
import { AddressInfo } from 'net';
import { join } from 'path';
import { SMTPServer } from 'smtp-server';

/** One message the sink received over real SMTP, parsed. */
export interface ReceivedMail {
  /** Envelope sender (MAIL FROM). */
  from: string;
  /** Envelope recipients (RCPT TO), lowercased. */
  to: string[];
  /** The To: header as written. */
  toHeader: string;
  subject: string;
  text: string;
  html: string;
  /** Headers of the top-level part, names lowercased (last one wins). */
  headers: Record<string, string>;
  /** The raw message. */
  raw: string;
  receivedAt: Date;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port> — pass as SMTP_URL. */
  url: string;
  /** Every message received so far, in order. */
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or still to come) matching the predicate; rejects after timeoutMs. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Resolves once a message's data starts to arrive (with `holdMs`, before it is accepted); rejects after timeoutMs. */
  receiving(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /**
   * How long each message is held after its data arrived before it is accepted (and listed in `messages`), as
   * a slow relay does; 'never' answers no message at all, as a relay that stopped answering. close() cuts a
   * held connection after 500 ms.
   */
  holdMs?: number | 'never';
  /**
   * A folder to also write each accepted message to, as <n>.json (a ReceivedMail), for readers in other
   * processes: the browser journeys' test files read the mail their shop sent from it.
   */
  dir?: string;
  /** A fixed port (a relay that comes back where the shop expects it); a free one when left out. */
  port?: number;
}

/**
 * An in-process SMTP server for tests: accepts every message (no TLS, no auth) on a random
 * loopback port and keeps it parsed (subject, to, text, html).
 */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const { holdMs = 0, dir } = options;
  if (dir) mkdirSync(dir, { recursive: true });
  const messages: ReceivedMail[] = [];
  let dataStarted!: () => void;
  const firstData = new Promise<void>((resolve) => (dataStarted = resolve));
  const waiters: { predicate: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    size: 25 * 1024 * 1024,
    closeTimeout: 500,
    onData(stream, session, callback) {
      dataStarted();
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', (err) => callback(err));
      stream.on('end', () => {
        if (holdMs === 'never') return;
        if (holdMs > 0) setTimeout(accept, holdMs);
        else accept();
      });
      const accept = () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = parseMail(raw, {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        });
        messages.push(mail);
        if (dir) writeFileSync(join(dir, `${String(messages.length).padStart(6, '0')}.json`), JSON.stringify(mail));
        for (const w of [...waiters]) {
          if (safe(w.predicate, mail)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(mail);
          }
        }
        callback();
      };
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  server.on('error', () => {
    /* a client dropping the connection is not a test failure */
  });
  const port = (server as unknown as { server: { address(): AddressInfo } }).server.address().port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(predicate, timeoutMs = 10_000) {
      const found = messages.find((m) => safe(predicate, m));
      if (found) return Promise.resolve(found);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (m: ReceivedMail) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          const i = waiters.indexOf(waiter);
          if (i >= 0) waiters.splice(i, 1);
          reject(
            new Error(
              `smtp-sink: no matching mail within ${timeoutMs} ms (${messages.length} received: ${messages.map((m) => m.subject).join(' | ')})`,
            ),
          );
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    receiving(timeoutMs = 30_000) {
      let timer: NodeJS.Timeout | undefined;
      return Promise.race([
        firstData.finally(() => clearTimeout(timer)),
        new Promise<void>((_, reject) => (timer = setTimeout(() => reject(new Error('smtp-sink: no mail began to arrive')), timeoutMs))),
      ]);
    },
    close() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function safe(predicate: (m: ReceivedMail) => boolean, mail: ReceivedMail): boolean {
  try {
    return predicate(mail);
  } catch {
    return false;
  }
}

// ---- a small MIME reader: enough for what nodemailer writes (multipart, quoted-printable, base64, encoded words) ----

interface Part {
  headers: Record<string, string>;
  body: string;
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const top = splitPart(raw);
  const found = { text: '', html: '' };
  collect(top, found);
  return {
    from: envelope.from,
    to: envelope.to,
    toHeader: decodeWords(top.headers['to'] ?? ''),
    subject: decodeWords(top.headers['subject'] ?? ''),
    text: found.text,
    html: found.html,
    headers: Object.fromEntries(Object.entries(top.headers).map(([k, v]) => [k, decodeWords(v)])),
    raw,
    receivedAt: new Date(),
  };
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end >= 0 ? normalized.slice(0, end) : normalized;
  const body = end >= 0 ? normalized.slice(end + 2) : '';
  const headers: Record<string, string> = {};
  // unfold continuation lines
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

function param(header: string, name: string): string | undefined {
  const m = new RegExp(`${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(header);
  return m ? (m[1] ?? m[2]) : undefined;
}

function collect(part: Part, found: { text: string; html: string }): void {
  const type = (part.headers['content-type'] ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = param(part.headers['content-type'], 'boundary');
    if (!boundary) return;
    const pieces = part.body.split(`--${boundary}`);
    for (const piece of pieces.slice(1)) {
      if (piece.startsWith('--')) break;
      collect(splitPart(piece.replace(/^\n/, '')), found);
    }
    return;
  }
  const charset = (param(part.headers['content-type'] ?? '', 'charset') ?? 'utf-8').toLowerCase();
  const decoded = decodeBody(part.body, (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase(), charset);
  if (type.startsWith('text/html')) found.html ||= decoded;
  else if (type.startsWith('text/plain')) found.text ||= decoded;
}

function decodeBody(body: string, encoding: string, charset: string): string {
  const enc = charset === 'utf-8' || charset === 'utf8' ? 'utf8' : 'latin1';
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString(enc);
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body, enc);
  return body.replace(/\n$/, '');
}

function decodeQuotedPrintable(input: string, enc: BufferEncoding): string {
  const soft = input.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i];
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString(enc).replace(/\n$/, '');
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=); adjacent words join without the space between. */
export function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, charset: string, kind: string, text: string) => {
      const enc: BufferEncoding = /utf-?8/i.test(charset) ? 'utf8' : 'latin1';
      if (kind.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString(enc);
      const qp = text.replace(/_/g, ' ');
      return decodeQuotedPrintable(qp, enc);
    });
}
