import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { MessageSender, OutgoingMessage } from '../delivery/outgoing-message.js';
import type { ContactSubmission } from './contact-submission.js';

/** Stores a submission and, when it is to be forwarded, its mail, in one transaction. */
export async function storeContactMessage(
  db: Db,
  sender: MessageSender,
  submission: ContactSubmission,
  meta: { appId: string; ip: string; forward: OutgoingMessage | null },
): Promise<string> {
  const id = randomBytes(12).toString('hex');
  const ticket = await db.transaction().execute(async (trx) => {
    const queued = meta.forward ? await sender.enqueueIn(trx, meta.forward) : null;
    await trx
      .insertInto('contact_messages')
      .values({
        id,
        app_id: meta.appId,
        service_id: submission.serviceId.slice(0, 128),
        template_id: submission.templateId.slice(0, 128),
        fields: JSON.stringify(submission.fields),
        ip: meta.ip.slice(0, 64),
        spam: submission.spam ? 1 : 0,
        outgoing_message_id: queued?.id ?? null,
        created_at: new Date().toISOString(),
      })
      .execute();
    return queued;
  });
  if (ticket) sender.release([ticket]);
  return id;
}
