import { randomUUID } from 'node:crypto';
import {
  ALLOWED_VIDEO_TYPES,
  apiErrors,
  type DomainVideo,
  isAdminRole,
  MAX_UPLOAD_BYTES,
  type VideoFilter,
  type VideoStatus,
  videoMessages as vm,
  type VideoPitch,
  videoStatusLabels,
} from '@market/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { writeAudit } from '../../lib/audit-log.js';
import type { ObjectStorage } from '../../storage/object-storage.js';
import type { Principal } from '../auth/auth.service.js';
import { findDomain } from '../domains/domains.repository.js';
import { presentDomainVideo } from './videos.presenter.js';

const UPLOAD_POLICY_SECONDS = 10 * 60;
const PLAY_URL_SECONDS = 10 * 60;

/** Letters, digits, dot, dash and underscore only; the rest becomes "-". */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'video';
  return base.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '').slice(-80) || 'video';
}

/** The badge counts pitches waiting for the seller's decision. */
async function recount(trx: Kysely<Database> | Transaction<Database>, domainId: number): Promise<void> {
  const { n } = await trx
    .selectFrom('videos as v')
    .innerJoin('domains as d', 'd.id', 'v.domain_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('v.domain_id', '=', domainId)
    .where('v.status', '=', 'undecided')
    .whereRef('v.uploader_id', '!=', 'd.user_id')
    .executeTakeFirstOrThrow();
  await trx.updateTable('domains').set({ video_pitch_leads: Number(n) }).where('id', '=', domainId).execute();
}

export function createVideosService(db: Db, storage: ObjectStorage) {
  const k = db.kysely;

  async function load(id: number) {
    const video = await k
      .selectFrom('videos as v')
      .innerJoin('domains as d', 'd.id', 'v.domain_id')
      .selectAll('v')
      .select(['d.user_id as owner_id', 'd.domain_unicode as domain_name'])
      .where('v.id', '=', id)
      .executeTakeFirst();
    if (!video || video.status === 'uploading') throw new AppError('NOT_FOUND', apiErrors.notFound);
    return video;
  }

  function present(v: Awaited<ReturnType<typeof load>>, viewerId: number): VideoPitch {
    return {
      id: v.id,
      domain_id: v.domain_id,
      domain_name: v.domain_name,
      file_name: v.file_name,
      size: v.size,
      status: v.status,
      status_label: videoStatusLabels[v.status as VideoStatus] ?? v.status,
      role: v.uploader_id === viewerId ? ('uploader' as const) : ('seller' as const),
      created_at: v.created_at,
      reviewed_at: v.reviewed_at,
    };
  }

  return {
    storageKind: () => storage.kind,

    /** A presigned POST for exactly one key under this user's and this domain's prefix. */
    async requestUpload(principal: Principal, input: { domain_id: number; file_name: string; content_type: string; size: number }) {
      const domain = await findDomain(k, input.domain_id);
      const isOwner = domain?.user_id === principal.user.id;
      if (!domain || (domain.status !== 'approved' && !isOwner)) throw new AppError('NOT_FOUND', apiErrors.notFound);
      if (input.size > MAX_UPLOAD_BYTES) throw new AppError('TOO_LARGE', vm.tooLarge(input.file_name), { file: [vm.tooLarge(input.file_name)] });
      if (!(ALLOWED_VIDEO_TYPES as readonly string[]).includes(input.content_type)) throw AppError.fields({ content_type: [vm.notAVideo] });
      const key = `videos/${principal.user.id}/${domain.id}/${randomUUID()}-${cleanFileName(input.file_name)}`;
      const now = nowIso();
      await k
        .insertInto('videos')
        .values({
          domain_id: domain.id,
          uploader_id: principal.user.id,
          storage_key: key,
          file_name: input.file_name.slice(0, 255),
          content_type: input.content_type,
          size: input.size,
          created_at: now,
          updated_at: now,
        })
        .execute();
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
      const pending = await k
        .selectFrom('videos')
        .selectAll()
        .where('uploader_id', '=', principal.user.id)
        .where('domain_id', '=', input.domain_id)
        .where('file_name', '=', input.file_name)
        .where('status', '=', 'uploading')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!pending) throw AppError.fields({ file_name: [vm.neverUploaded] });
      const stored = await storage.head(pending.storage_key);
      if (!stored || stored.size === 0) throw AppError.fields({ file_name: [vm.neverUploaded] });
      if (stored.size > MAX_UPLOAD_BYTES) {
        await storage.remove(pending.storage_key);
        throw new AppError('TOO_LARGE', vm.tooLarge(input.file_name));
      }
      const domain = await findDomain(k, input.domain_id);
      if (!domain) throw new AppError('NOT_FOUND', apiErrors.notFound);
      const own = domain.user_id === principal.user.id;
      const now = nowIso();
      await k.transaction().execute(async (trx) => {
        await trx
          .updateTable('videos')
          // The seller's own video about their domain needs no decision.
          .set({ status: own ? 'accepted' : 'undecided', size: stored.size, updated_at: now })
          .where('id', '=', pending.id)
          .execute();
        await recount(trx, domain.id);
        if (!own) {
          await trx
            .insertInto('notifications')
            .values({
              user_id: domain.user_id,
              domain_lead_id: null,
              category: 'video-pitch',
              message: `New video pitch for ${domain.domain_unicode}.`,
              link: '/video-pitch',
              created_at: now,
            })
            .execute();
        }
      });
      return present(await load(pending.id), principal.user.id);
    },

    /** A short-lived URL for the uploader, the domain's seller or an admin (playableOn lists the same). */
    async playUrl(principal: Principal, id: number): Promise<string> {
      const video = await load(id);
      const allowed =
        video.uploader_id === principal.user.id || video.owner_id === principal.user.id || isAdminRole(principal.user.role);
      if (!allowed || video.status === 'deleted') throw new AppError('FORBIDDEN', vm.notAllowed);
      return storage.signedGetUrl(video.storage_key, PLAY_URL_SECONDS);
    },

    /** Pitches on the viewer's domains and the viewer's own uploads, filtered by a chip. */
    async list(principal: Principal, filter: VideoFilter) {
      let q = k
        .selectFrom('videos as v')
        .innerJoin('domains as d', 'd.id', 'v.domain_id')
        .selectAll('v')
        .select(['d.user_id as owner_id', 'd.domain_unicode as domain_name'])
        .where('v.status', '!=', 'uploading')
        .where((eb) => eb.or([eb('v.uploader_id', '=', principal.user.id), eb('d.user_id', '=', principal.user.id)]))
        .orderBy('v.id', 'desc')
        .limit(500);
      q = filter === 'all' ? q.where('v.status', '!=', 'deleted') : q.where('v.status', '=', filter);
      return (await q.execute()).map((v) => present(v, principal.user.id));
    },

    async review(principal: Principal, id: number, action: 'approve' | 'deny') {
      const video = await load(id);
      if (video.owner_id !== principal.user.id && !isAdminRole(principal.user.role)) {
        throw new AppError('FORBIDDEN', vm.reviewOnlyOwner);
      }
      if (video.status === 'deleted') throw new AppError('CONFLICT', 'This video was deleted.');
      const now = nowIso();
      await k.transaction().execute(async (trx) => {
        await trx
          .updateTable('videos')
          .set({ status: action === 'approve' ? 'accepted' : 'declined', reviewed_by: principal.user.id, reviewed_at: now, updated_at: now })
          .where('id', '=', id)
          .execute();
        await recount(trx, video.domain_id);
        if (video.owner_id !== principal.user.id) {
          await writeAudit(trx, { actorId: principal.user.id, action: 'video-review', targetType: 'video', targetId: id, outcome: 'ok', details: { action } });
        }
        if (video.uploader_id !== principal.user.id) {
          await trx
            .insertInto('notifications')
            .values({
              user_id: video.uploader_id,
              domain_lead_id: null,
              category: 'video-pitch',
              message: `Your video pitch for ${video.domain_name} was ${action === 'approve' ? 'accepted' : 'declined'}.`,
              link: '/video-pitch',
              created_at: now,
            })
            .execute();
        }
      });
      return present(await load(id), principal.user.id);
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
        await trx.updateTable('videos').set({ status: 'deleted', updated_at: now }).where('id', '=', id).execute();
        await recount(trx, video.domain_id);
      });
    },

    /**
     * Domain.videos: the pitches of these domains the viewer may play, by domain id, in one
     * query whatever the number of domains. It is playUrl's rule (the uploader, the domain's
     * seller, admins; never a deleted pitch), so every id listed can be played; anonymous
     * viewers may play none and cost no query.
     */
    async playableOn(principal: Principal | undefined, domainIds: number[]): Promise<Map<number, DomainVideo[]>> {
      const byDomain = new Map<number, DomainVideo[]>();
      if (!principal || domainIds.length === 0) return byDomain;
      let q = k
        .selectFrom('videos as v')
        .innerJoin('domains as d', 'd.id', 'v.domain_id')
        .innerJoin('users as u', 'u.id', 'v.uploader_id')
        .select(['v.id', 'v.domain_id', 'v.status', 'v.uploader_id', 'u.first_name as uploader_first_name', 'u.last_name as uploader_last_name'])
        .where('v.domain_id', 'in', [...new Set(domainIds)])
        .where('v.status', 'not in', ['uploading', 'deleted'])
        .orderBy('v.id');
      if (!isAdminRole(principal.user.role)) {
        const viewer = principal.user.id;
        q = q.where((eb) => eb.or([eb('v.uploader_id', '=', viewer), eb('d.user_id', '=', viewer)]));
      }
      for (const row of await q.execute()) {
        const list = byDomain.get(row.domain_id) ?? [];
        list.push(presentDomainVideo(row));
        byDomain.set(row.domain_id, list);
      }
      return byDomain;
    },
  };
}

export type VideosService = ReturnType<typeof createVideosService>;
