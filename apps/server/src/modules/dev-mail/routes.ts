import { ERROR_CODES } from '@herald/contract/api/errors';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OutboxMail } from '../../adapters/mail/outbox.repository';
import { latestOutboxMailTo, listOutboxMail } from '../../adapters/mail/outbox.repository';
import { HttpError } from '../../lib/http-error';
import { checkOutboxAccess } from './outbox-access';
import { escapeHtml } from '../../lib/escape-html';

export const DEV_MAIL_PATH = '/_dev/mail';
export const DEV_MAIL_LATEST_PATH = '/_dev/mail/latest';

/** How many mails the outbox page shows. */
const OUTBOX_PAGE_SIZE = 200;

/** Escapes a plain-text body and turns its http(s) URLs into links. */
export function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

function renderMail(mail: OutboxMail): string {
  return `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <dl>
    <dt>To</dt><dd>${escapeHtml(mail.to)}</dd>
    <dt>Sent</dt><dd><time datetime="${mail.createdAt.toISOString()}">${escapeHtml(mail.createdAt.toISOString())}</time></dd>
  </dl>
  <pre>${linkify(mail.text)}</pre>
</article>`;
}

/** The outbox page: static HTML, no script (the CSP allows scripts from 'self' only). */
export function renderOutboxPage(mails: OutboxMail[]): string {
  const body =
    mails.length === 0
      ? '<p>No mail yet. Mail the server sends (verification, password reset) appears here, newest first.</p>'
      : mails.map(renderMail).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Mail outbox — Herald Cloud</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1a1b1e; }
  article { border: 1px solid #ced4da; border-radius: 6px; padding: 0 1rem 1rem; margin-bottom: 1rem; }
  h2 { font-size: 1.1rem; } dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
  dt { font-weight: 600; } dd { margin: 0; } pre { white-space: pre-wrap; font-size: .95rem; }
  a { color: #1864ab; }
</style>
</head>
<body>
<main>
<h1>Mail outbox</h1>
<p>No SMTP server is configured (SMTP_URL), so Herald Cloud keeps its mail here for the operator. Newest first.</p>
${body}
</main>
</body>
</html>`;
}

const latestQuerySchema = z.object({
  to: z.string().trim().toLowerCase().min(1, 'to is required').max(254),
});

const outboxMailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
});

/**
 * The operator's view of the mail outbox, registered only when mail goes to the outbox (no SMTP_URL) and
 * DEV_MAIL_OUTBOX is on; only loopback callers with the operator token get in (outbox-access.ts). Not part of the
 * /v3 API, so not in the OpenAPI document.
 */
export async function devMailRoutes(
  app: FastifyInstance,
  options: { token: string },
): Promise<void> {
  // Encapsulated: the gate runs for these routes only, before validation (so nothing is revealed to others).
  app.addHook(
    'onRequest',
    checkOutboxAccess({ token: options.token, clock: app.clock }, DEV_MAIL_PATH),
  );

  app.get(DEV_MAIL_PATH, { schema: { hide: true } }, async (_request, reply) => {
    const mails = await listOutboxMail(app.db, OUTBOX_PAGE_SIZE);
    return reply.type('text/html; charset=utf-8').send(renderOutboxPage(mails));
  });

  app.get(
    DEV_MAIL_LATEST_PATH,
    {
      schema: {
        hide: true,
        querystring: latestQuerySchema,
        response: { 200: outboxMailSchema },
      },
    },
    async (request) => {
      const { to } = request.query as z.output<typeof latestQuerySchema>;
      const mail = await latestOutboxMailTo(app.db, to);
      if (!mail) throw new HttpError(404, ERROR_CODES.notFound, `No mail to ${to} in the outbox`);
      return { ...mail, createdAt: mail.createdAt.toISOString() };
    },
  );
}
