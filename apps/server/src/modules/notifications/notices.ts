import { type Db, type Executor, nowIso } from '../../db/database.js';
import { noteChange, transactionWithChanges } from '../../lib/live-events/index.js';
import { queueMail } from '../../mail/outbox.js';
import { findUsersByIds } from '../auth/index.js';
import { insertNotification } from './notifications.repository.js';

/** One thing a user is told: a row in their notifications, and an e-mail unless they opted out. */
export interface Notice {
  userId: number;
  leadId: number | null;
  category: string;
  /** The in-app text and the e-mail's body; what users wrote goes in only through `theirs()`. */
  message: string;
  /**
   * The e-mail's subject, in our own words: names of people and domains at most, never text a
   * user wrote (titles, messages, reasons, notes). A subject from our address lends its words our
   * voice, and it is all a reader sees before opening the e-mail.
   */
  subject: string;
  /** A path in the app the notification opens. */
  link: string;
  /** The e-mail's words for the link ("Open the negotiation"). */
  linkLabel: string;
  /**
   * At most one e-mail per recipient, lead and category in each window of this many ms (repeated
   * requests); the in-app row is written every time. Unset: every notice gets its e-mail.
   */
  mailOncePerMs?: number;
}

const OPEN = '“';
const CLOSE = '”';
const FOOTNOTE = `Words in ${OPEN}quotes${CLOSE} are as another user of Domain Market wrote them, not ours.`;

/**
 * Text a user wrote, as a notice quotes it: between curly quotes the text cannot close itself
 * (its own curly quotes become straight ones, its line breaks spaces), so a reader sees where
 * their words end and ours go on. A notice's e-mail that quotes anyone says whose words these are.
 */
export function theirs(text: string): string {
  return `${OPEN}${text.replace(/[“”„‟]/g, '"').replace(/[\r\n\u2028\u2029]+/g, ' ')}${CLOSE}`;
}

function coalesceKey(n: Notice, now: string): string | undefined {
  if (!n.mailOncePerMs) return undefined;
  const window = Math.floor(Date.parse(now) / n.mailOncePerMs);
  return `notice:${n.userId}:${n.leadId ?? '-'}:${n.category}:${window}`;
}

/**
 * The in-app rows and their e-mails, written in the transaction of the change they tell about:
 * the e-mail exists exactly when the change does, and the outbox worker sends it after commit
 * (the caller wakes it then).
 */
export async function writeNotices(trx: Executor, notices: readonly Notice[], { now, publicUrl }: { now: string; publicUrl: string }): Promise<void> {
  const recipients = await findUsersByIds(trx, notices.map((n) => n.userId));
  for (const n of notices) {
    await insertNotification(trx, { user_id: n.userId, domain_lead_id: n.leadId, category: n.category, message: n.message, link: n.link, created_at: now });
    // Their list (and the bell's count) changed: their open pages hear of it after the commit.
    noteChange(trx, { kind: 'notification', id: n.userId }, [n.userId]);
    const user = recipients.get(n.userId);
    if (!user || user.notify_email === 0) continue;
    const footnote = n.message.includes(OPEN) ? `\n${FOOTNOTE}\n` : '';
    const mail = {
      to: user.email,
      subject: n.subject,
      text: `Hello ${user.first_name},\n\n${n.message}\n\n${n.linkLabel}: ${publicUrl}${n.link}\n${footnote}`,
      coalesceKey: coalesceKey(n, now),
    };
    await queueMail(trx, mail, now);
  }
}

/**
 * Runs a change and its notices (in-app rows and queued e-mails) in one transaction, then wakes
 * the outbox and publishes the changes noted in it: what a user is told exists exactly when the
 * change does.
 */
export async function commitWithNotices(
  db: Db,
  work: (trx: Executor) => Promise<Notice[]>,
  { publicUrl, mailQueued }: { publicUrl: string; mailQueued: () => void },
): Promise<void> {
  const now = nowIso();
  const notices = await transactionWithChanges(db, async (trx) => {
    const list = await work(trx);
    await writeNotices(trx, list, { now, publicUrl });
    return list;
  });
  if (notices.length > 0) mailQueued();
}
