import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the test SMTP server received: envelope and the decoded text of its raw source. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** Headers and body with quoted-printable soft line breaks and escapes decoded. */
  source: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port> */
  readonly url: string;
  readonly received: ReceivedMail[];
  /** Resolves with the first mail to `to` (waiting for it to arrive). */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

/** Decodes quoted-printable (nodemailer encodes long or non-ASCII text lines so). */
function decodeQuotedPrintable(raw: string): string {
  const bytes = Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      ),
    'latin1',
  );
  return bytes.toString('utf8');
}

/** A real SMTP server (the `smtp-server` package) on a free loopback port, keeping what it receives. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: Array<{ to: string; resolve: (mail: ReceivedMail) => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          source: decodeQuotedPrintable(Buffer.concat(chunks).toString('latin1')),
        };
        received.push(mail);
        for (const waiter of [...waiters]) {
          if (mail.to.includes(waiter.to)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor(to, timeoutMs = 10_000) {
      const already = received.find((mail) => mail.to.includes(to));
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`No mail to ${to}`)), timeoutMs);
        waiters.push({
          to,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
