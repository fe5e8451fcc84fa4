/**
 * A real SMTP server on 127.0.0.1 for tests (smtp-server, the protocol side of nodemailer): it
 * checks the login and keeps every message it accepts, parsed.
 */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  port: number;
  messages: ParsedMail[];
  /** Waits for the next message to this address. */
  next(to: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export async function startSmtp(credentials = { user: 'mailer', pass: 'mail-secret' }): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const waiting: { to: string; resolve: (m: ParsedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, cb) {
      if (auth.username === credentials.user && auth.password === credentials.pass)
        return cb(null, { user: auth.username });
      return cb(new Error('Invalid username or password'));
    },
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          const to = JSON.stringify(mail.to ?? '');
          for (const w of waiting.splice(0)) {
            if (to.includes(w.to)) w.resolve(mail);
            else waiting.push(w);
          }
          cb();
        })
        .catch(cb);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    messages,
    next(to, timeoutMs = 10_000) {
      const found = messages.find((m) => JSON.stringify(m.to ?? '').includes(to));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiting.push({ to, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
