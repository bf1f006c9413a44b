import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/database.js';
import type { Mailer } from '../../mail/mailer.js';
import { findUserById } from '../auth/users.repository.js';

/** One thing a user is told: a row in their notifications, and an e-mail unless they opted out. */
export interface Notice {
  userId: number;
  leadId: number | null;
  category: string;
  message: string;
  /** A path in the app the notification opens. */
  link: string;
  /** The e-mail's words for the link ("Open the negotiation"). */
  linkLabel: string;
}

/** The in-app rows, written in the transaction of the change they tell about. */
export async function writeNotices(trx: Executor, notices: readonly Notice[], now: string): Promise<void> {
  for (const n of notices) {
    await trx
      .insertInto('notifications')
      .values({ user_id: n.userId, domain_lead_id: n.leadId, category: n.category, message: n.message, link: n.link, created_at: now })
      .execute();
  }
}

/** Sends the e-mails of notices after their change committed; a failed e-mail never fails the request. */
export function createNoticeMailer({ db, mailer, publicUrl, log }: { db: Db; mailer: Mailer; publicUrl: string; log: FastifyBaseLogger }) {
  return async function deliver(notices: readonly Notice[]): Promise<void> {
    for (const n of notices) {
      try {
        const user = await findUserById(db.kysely, n.userId);
        if (!user || user.notify_email === 0) continue;
        await mailer.send({
          to: user.email,
          subject: n.message.length > 80 ? `${n.message.slice(0, 77)}...` : n.message,
          text: `Hello ${user.first_name},\n\n${n.message}\n\n${n.linkLabel}: ${publicUrl}${n.link}\n`,
        });
      } catch (error) {
        log.error({ err: error, userId: n.userId }, 'notification e-mail failed');
      }
    }
  };
}
