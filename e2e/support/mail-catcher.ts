/**
 * A real SMTP server for the browser journeys: the control plane sends its e-mails here over
 * SMTP (SMTP_URL), and tests read them back over HTTP. Started by playwright.config.ts.
 *   SMTP on MAIL_CATCHER_SMTP_PORT, HTTP on MAIL_CATCHER_HTTP_PORT:
 *   GET /messages?to=<address>  → [{ to, subject, text, receivedAt }] newest first
 *   GET /health                 → 200
 */
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

const smtpPort = Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 3125);
const httpPort = Number(process.env.MAIL_CATCHER_HTTP_PORT ?? 3126);
const mails: CaughtMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        mails.unshift({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          receivedAt: new Date().toISOString(),
        });
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});
smtp.listen(smtpPort, '127.0.0.1');

const api = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/health') {
    response.writeHead(200).end('ok');
    return;
  }
  if (url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const selected = to ? mails.filter((mail) => mail.to.includes(to)) : mails;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(selected));
    return;
  }
  response.writeHead(404).end();
});
api.listen(httpPort, '127.0.0.1');

const shutdown = () => {
  smtp.close(() => process.exit(0));
  api.close();
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
