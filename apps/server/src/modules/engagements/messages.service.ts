import { randomUUID } from 'node:crypto';
import {
  ALLOWED_ATTACHMENT_TYPES,
  conversationClosedReason,
  engagementMessages as em,
  MAX_ATTACHMENT_BYTES,
  type MilestoneStatus,
  type RequestStatus,
} from '@market/shared';
import { nowIso } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { useWindow } from '../../lib/window-limit.js';
import type { Principal } from '../auth/index.js';
import { theirs } from '../notifications/index.js';
import { type EngagementAccess, type EngagementsDeps, notice } from './engagement-access.js';
import * as repo from './engagements.repository.js';
import { presentMessage } from './engagements.presenter.js';

const MESSAGE_MAIL_WINDOW_MS = 15 * 60_000;
const ATTACHMENT_URL_SECONDS = 10 * 60;
const UPLOAD_POLICY_SECONDS = 10 * 60;
/** Letters, digits, dot, dash and underscore only; the rest becomes "-". */
const cleanFileName = (name: string) => (name.split(/[\\/]/).pop() ?? 'file').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '').slice(-80) || 'file';
/** Each party uploads under their own prefix of the engagement: a key names who may attach it where. */
const attachmentPrefix = (engagementId: number, userId: number) => `engagements/${engagementId}/${userId}/`;

/** The parties' conversation on an engagement, with file attachments, and what they have not read. */
export function createMessagesService(
  { storage, counters, settings, clock = Date.now }: Pick<EngagementsDeps, 'storage' | 'counters' | 'settings' | 'clock'>,
  { k, commit, load }: EngagementAccess,
) {
  const attachmentUrl = (key: string | null) => (key ? storage.signedGetUrl(key, ATTACHMENT_URL_SECONDS) : Promise.resolve(null));

  /** The file is really stored, under the sender's prefix of this engagement, of an allowed type and size; else refused (and removed). */
  async function checkAttachment(userId: number, engagementId: number, attachment: { key: string; file_name: string }) {
    if (!attachment.key.startsWith(attachmentPrefix(engagementId, userId)) || attachment.key.includes('..')) throw AppError.fields({ attachment: [em.attachmentMissing] });
    const stored = await storage.head(attachment.key);
    if (!stored || stored.size === 0) throw AppError.fields({ attachment: [em.attachmentMissing] });
    const type = stored.contentType ?? '';
    if (stored.size > MAX_ATTACHMENT_BYTES || !(ALLOWED_ATTACHMENT_TYPES as readonly string[]).includes(type)) {
      await storage.remove(attachment.key);
      throw AppError.fields({ attachment: [stored.size > MAX_ATTACHMENT_BYTES ? em.attachmentTooLarge : em.attachmentType] });
    }
    return { key: attachment.key, name: attachment.file_name.slice(0, 255), type, size: stored.size };
  }

  /** A party's engagement whose conversation takes messages: a request declined or withdrawn, or an engagement over, is refused (409) with why. */
  async function openConversation(principal: Principal, id: number) {
    const found = await load(principal, id);
    const milestones = await repo.milestonesOf(k, [id]);
    const closed = conversationClosedReason(found.engagement.status as RequestStatus, milestones.map((m) => m.status as MilestoneStatus));
    if (closed) throw new AppError('CONFLICT', closed);
    return found;
  }

  return {
    /** The conversation (its latest 500 messages), oldest first; reading it marks it read for the reader. */
    async messages(principal: Principal, id: number) {
      const { engagement: e } = await load(principal, id);
      const rows = await repo.messagesOf(k, id);
      const last = rows.at(-1);
      if (last) await repo.markRead(k, id, principal.user.id, last.id);
      return Promise.all(rows.map(async (m) => presentMessage(m, principal.user.id, e.first_funded_at !== null, await attachmentUrl(m.attachment_key))));
    },

    /** A presigned upload for one file under the party's prefix of this engagement; type and size checked here and by the storage. */
    async attachmentUpload(principal: Principal, id: number, input: { file_name: string; content_type: string; size: number }) {
      await openConversation(principal, id);
      const key = `${attachmentPrefix(id, principal.user.id)}${randomUUID()}-${cleanFileName(input.file_name)}`;
      const policy = await storage.createUploadPolicy({ key, contentType: input.content_type, maxBytes: MAX_ATTACHMENT_BYTES, expiresSeconds: UPLOAD_POLICY_SECONDS });
      return { ...policy, key };
    },

    /** A party writes; the other is told (one e-mail per conversation every 15 minutes). Throttled per user. */
    async postMessage(principal: Principal, id: number, input: { body: string; attachment?: { key: string; file_name: string } }) {
      const { engagement: e, role } = await openConversation(principal, id);
      const wait = await useWindow(counters, `engagement-messages:user:${principal.user.id}`, settings.messagesPerMinutePerUser, 60_000, clock());
      if (wait > 0) throw AppError.rateLimited(em.messagesThrottled, wait);
      const file = input.attachment ? await checkAttachment(principal.user.id, id, input.attachment) : null;
      let messageId = 0;
      await commit(async (trx) => {
        const at = nowIso();
        messageId = await repo.insertMessage(trx, {
          engagement_id: id,
          sender_id: principal.user.id,
          body: input.body,
          attachment_key: file?.key ?? null,
          attachment_name: file?.name ?? null,
          attachment_type: file?.type ?? null,
          attachment_size: file?.size ?? null,
          created_at: at,
        });
        await repo.markRead(trx, id, principal.user.id, messageId);
        const other = role === 'client' ? e.freelancer_id : e.client_id;
        const who = `${principal.user.first_name} ${principal.user.last_name}`;
        return [notice(e, other, `New message from ${who}`, `New message from ${who} about ${theirs(e.title)}.`, { category: `engagement-message-${id}`, mailOncePerMs: MESSAGE_MAIL_WINDOW_MS })];
      }, e);
      const mine = await repo.findMessage(k, messageId);
      if (!mine) throw new Error(`message ${messageId} vanished after its commit`);
      return presentMessage(mine, principal.user.id, e.first_funded_at !== null, await attachmentUrl(mine.attachment_key));
    },

    /** Messages from the other party not read yet, over all the user's conversations (the header's badge). */
    async unreadTotal(principal: Principal) {
      const counts = await repo.unreadCounts(k, principal.user.id);
      return { unread: [...counts.values()].reduce((a, b) => a + b, 0) };
    },
  };
}
