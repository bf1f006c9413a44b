import { randomUUID } from 'node:crypto';
import {
  ALLOWED_VIDEO_TYPES,
  apiErrors,
  type DomainVideo,
  isAdminRole,
  MAX_UPLOAD_BYTES,
  type VideoFilter,
  type VideoModerationAction,
  videoMessages as vm,
} from '@market/shared';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { writeAudit } from '../../lib/audit-log.js';
import type { ObjectStorage } from '../../storage/object-storage.js';
import type { Principal } from '../auth/index.js';
import { findDomain } from '../domains/index.js';
import { insertNotification } from '../notifications/index.js';
import { moderationActions, pitchActions, presentAdminVideo, presentDomainVideo, presentVideo } from './videos.presenter.js';
import * as repo from './videos.repository.js';

const UPLOAD_POLICY_SECONDS = 10 * 60;
const PLAY_URL_SECONDS = 10 * 60;

/** Letters, digits, dot, dash and underscore only; the rest becomes "-". */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'video';
  return base.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '').slice(-80) || 'video';
}

export function createVideosService(db: Db, storage: ObjectStorage) {
  const k = db.kysely;

  async function load(id: number) {
    const video = await repo.findVideo(k, id);
    if (!video || video.status === 'uploading') throw new AppError('NOT_FOUND', apiErrors.notFound);
    return video;
  }

  return {
    storageKind: () => storage.kind,

    /** A presigned POST for exactly one key under this user's and this domain's prefix. */
    async requestUpload(principal: Principal, input: { domain_id: number; file_name: string; content_type: string; size: number }) {
      const domain = await findDomain(k, input.domain_id);
      const isOwner = domain?.user_id === principal.user.id;
      if (!domain || (domain.status !== 'approved' && !isOwner)) throw new AppError('NOT_FOUND', apiErrors.notFound);
      // A pitch is a founder's to the domain's owner: the owner has no one to send one to.
      if (isOwner) throw AppError.fields({ domain_id: [vm.ownDomain] });
      if (input.size > MAX_UPLOAD_BYTES) throw new AppError('TOO_LARGE', vm.tooLarge(input.file_name), { file: [vm.tooLarge(input.file_name)] });
      if (!(ALLOWED_VIDEO_TYPES as readonly string[]).includes(input.content_type)) throw AppError.fields({ content_type: [vm.notAVideo] });
      const key = `videos/${principal.user.id}/${domain.id}/${randomUUID()}-${cleanFileName(input.file_name)}`;
      const now = nowIso();
      await repo.insertVideo(k, {
        domain_id: domain.id,
        uploader_id: principal.user.id,
        seller_id: domain.user_id,
        storage_key: key,
        file_name: input.file_name.slice(0, 255),
        content_type: input.content_type,
        size: input.size,
        created_at: now,
        updated_at: now,
      });
      const policy = await storage.createUploadPolicy({
        key,
        contentType: input.content_type,
        maxBytes: MAX_UPLOAD_BYTES,
        expiresSeconds: UPLOAD_POLICY_SECONDS,
      });
      return { ...policy, key };
    },

    /** Records an upload the storage really holds; the seller hears about a new pitch. */
    async record(principal: Principal, input: { domain_id: number; file_name: string }) {
      const pending = await repo.findPendingUpload(k, principal.user.id, input.domain_id, input.file_name);
      if (!pending) throw AppError.fields({ file_name: [vm.neverUploaded] });
      const stored = await storage.head(pending.storage_key);
      if (!stored || stored.size === 0) throw AppError.fields({ file_name: [vm.neverUploaded] });
      if (stored.size > MAX_UPLOAD_BYTES) {
        await storage.remove(pending.storage_key);
        throw new AppError('TOO_LARGE', vm.tooLarge(input.file_name));
      }
      const domain = await findDomain(k, input.domain_id);
      if (!domain) throw new AppError('NOT_FOUND', apiErrors.notFound);
      // The domain became the uploader's since the upload began: there is no one to pitch to.
      if (domain.user_id === principal.user.id) {
        await storage.remove(pending.storage_key);
        throw AppError.fields({ domain_id: [vm.ownDomain] });
      }
      const now = nowIso();
      await k.transaction().execute(async (trx) => {
        // It goes to whoever holds the domain now, should it have changed hands since the upload began.
        await repo.updateVideo(trx, pending.id, { status: 'undecided', seller_id: domain.user_id, size: stored.size, updated_at: now });
        await repo.recountPitchLeads(trx, domain.id);
        await insertNotification(trx, {
          user_id: domain.user_id,
          domain_lead_id: null,
          category: 'video-pitch',
          message: `New video pitch for ${domain.domain_unicode}.`,
          link: '/video-pitch',
          created_at: now,
        });
      });
      return presentVideo(await load(pending.id), principal.user.id);
    },

    /** A short-lived URL for the uploader, the domain's seller or an admin (playableOn lists the same). */
    async playUrl(principal: Principal, id: number): Promise<string> {
      const video = await load(id);
      const ownerMaySee = video.seller_id === principal.user.id && video.moderation !== 'denied';
      const allowed = video.uploader_id === principal.user.id || ownerMaySee || isAdminRole(principal.user.role);
      if (!allowed || video.status === 'deleted') throw new AppError('FORBIDDEN', vm.notAllowed);
      return storage.signedGetUrl(video.storage_key, PLAY_URL_SECONDS);
    },

    /** Pitches on the viewer's domains and the viewer's own uploads, filtered by a chip. */
    async list(principal: Principal, filter: VideoFilter) {
      return (await repo.videosOfUser(k, principal.user.id, filter)).map((v) => presentVideo(v, principal.user.id));
    },

    /** The domain's owner answers a pitch sent to them, once: approve accepts it, deny declines it. */
    async review(principal: Principal, id: number, action: 'approve' | 'deny') {
      const video = await load(id);
      if (video.seller_id !== principal.user.id) throw new AppError('FORBIDDEN', vm.reviewOnlyOwner);
      if (video.status === 'deleted') throw new AppError('CONFLICT', vm.deletedVideo);
      if (!pitchActions(video, principal.user.id).includes(action)) throw new AppError('CONFLICT', vm.alreadyDecided);
      const now = nowIso();
      await k.transaction().execute(async (trx) => {
        await repo.updateVideo(trx, id, { status: action === 'approve' ? 'accepted' : 'declined', reviewed_by: principal.user.id, reviewed_at: now, updated_at: now });
        await repo.recountPitchLeads(trx, video.domain_id);
        await insertNotification(trx, {
          user_id: video.uploader_id,
          domain_lead_id: null,
          category: 'video-pitch',
          message: `Your video pitch for ${video.domain_name} was ${action === 'approve' ? 'accepted' : 'declined'}.`,
          link: '/video-pitch',
          created_at: now,
        });
      });
      return presentVideo(await load(id), principal.user.id);
    },

    /**
     * An admin's moderation: may the pitch be shown. It decides nothing for the domain's owner;
     * a denied pitch is hidden from them (and leaves their "to decide" count) until approved.
     */
    async moderate(principal: Principal, id: number, action: VideoModerationAction) {
      const video = await load(id);
      if (!moderationActions(video).includes(action)) {
        throw new AppError('CONFLICT', video.status === 'deleted' ? vm.deletedVideo : vm.moderationDone);
      }
      const now = nowIso();
      await k.transaction().execute(async (trx) => {
        await repo.updateVideo(trx, id, { moderation: action === 'approve' ? 'approved' : 'denied', moderated_by: principal.user.id, moderated_at: now, updated_at: now });
        await repo.recountPitchLeads(trx, video.domain_id);
        await writeAudit(trx, { actorId: principal.user.id, action: 'video-review', targetType: 'video', targetId: id, outcome: 'ok', details: { action } });
      });
      const moderated = await load(id);
      return presentAdminVideo({ ...moderated, uploader_email: await repo.uploaderEmail(k, moderated.uploader_id) });
    },

    /** The uploader (or an admin) deletes a pitch: the file goes, the record stays as Deleted. */
    async remove(principal: Principal, id: number) {
      const video = await load(id);
      if (video.uploader_id !== principal.user.id && !isAdminRole(principal.user.role)) {
        throw new AppError('FORBIDDEN', apiErrors.permissionDenied);
      }
      await storage.remove(video.storage_key);
      const now = nowIso();
      await k.transaction().execute(async (trx) => {
        await repo.updateVideo(trx, id, { status: 'deleted', updated_at: now });
        await repo.recountPitchLeads(trx, video.domain_id);
      });
    },

    /**
     * Domain.videos: the pitches of these domains the viewer may play, by domain id, in one
     * query whatever the number of domains. It is playUrl's rule (the uploader, the domain's
     * seller unless moderation denied it, admins; never a deleted pitch), so every id listed can be played; anonymous
     * viewers may play none and cost no query.
     */
    async playableOn(principal: Principal | undefined, domainIds: number[]): Promise<Map<number, DomainVideo[]>> {
      const byDomain = new Map<number, DomainVideo[]>();
      if (!principal || domainIds.length === 0) return byDomain;
      const rows = await repo.playableVideos(k, domainIds, isAdminRole(principal.user.role) ? null : principal.user.id);
      for (const row of rows) {
        const list = byDomain.get(row.domain_id) ?? [];
        list.push(presentDomainVideo(row));
        byDomain.set(row.domain_id, list);
      }
      return byDomain;
    },
  };
}

export type VideosService = ReturnType<typeof createVideosService>;
