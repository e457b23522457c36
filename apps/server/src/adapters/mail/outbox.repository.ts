import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { mailOutbox } from '../../db/schema';
import type { MailMessage } from './mail-port';

export type OutboxMail = typeof mailOutbox.$inferSelect;

export async function insertOutboxMail(db: Database, message: MailMessage): Promise<void> {
  await db.insert(mailOutbox).values({
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
  });
}

/** Newest first. */
export function listOutboxMail(db: Database, limit: number): Promise<OutboxMail[]> {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}

export async function latestOutboxMailTo(
  db: Database,
  to: string,
): Promise<OutboxMail | undefined> {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row;
}
