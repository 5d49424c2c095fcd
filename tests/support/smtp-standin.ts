// An SMTP server for tests (smtp-server from npm, mail parsed with mailparser), on 127.0.0.1: what the app sends
// is kept, and a test waits for the mail to an address and reads the link in it (external-services.md §9).
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface SmtpStandin {
  /** smtp://user:pass@127.0.0.1:port (the server asks for these credentials) */
  url: string;
  mails: ReceivedMail[];
  /** the first mail to `to` (case-insensitive) that arrives within `timeoutMs` */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export const SMTP_USER = 'mailer';
export const SMTP_PASS = 'mail-secret-1';

const addresses = (a: ParsedMail['to']): string[] => (Array.isArray(a) ? a : a ? [a] : []).flatMap((x) => x.value.map((v) => (v.address ?? '').toLowerCase()));

export async function startSmtpStandin(): Promise<SmtpStandin> {
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, cb) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS) return cb(null, { user: auth.username });
      return cb(new Error('Invalid username or password'));
    },
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then((m) => {
          mails.push({ from: m.from?.text ?? '', to: addresses(m.to), subject: m.subject ?? '', text: m.text ?? '', html: typeof m.html === 'string' ? m.html : '' });
          waiters.splice(0).forEach((w) => w());
          cb();
        })
        .catch((err: Error) => cb(err));
    },
    logger: false,
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.server.address() as AddressInfo).port;
  const find = (to: string) => mails.find((m) => m.to.includes(to.toLowerCase()));
  return {
    url: `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${port}`,
    mails,
    async waitFor(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const m = find(to);
        if (m) return m;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((r) => {
          const t = setTimeout(r, left);
          waiters.push(() => {
            clearTimeout(t);
            r();
          });
        });
      }
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** The first link in a mail's text that contains `path`. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const m = new RegExp(`https?://[^\\s"<>]*${path.replace(/[/]/g, '\\/')}[^\\s"<>]*`).exec(mail.text);
  if (!m) throw new Error(`no link with ${path} in mail: ${mail.text}`);
  return m[0];
}
