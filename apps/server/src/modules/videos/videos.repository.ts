import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { VideosTable } from '../../db/schema.js';
import type { DomainVideoRow } from './videos.presenter.js';

export type VideoRow = Selectable<VideosTable>;
/** A video with its domain's name, as the pages show it. */
export type VideoView = VideoRow & { domain_name: string };

function selectVideos(db: Executor) {
  return db
    .selectFrom('videos as v')
    .innerJoin('domains as d', 'd.id', 'v.domain_id')
    .selectAll('v')
    .select('d.domain_unicode as domain_name');
}

export function findVideo(db: Executor, id: number): Promise<VideoView | undefined> {
  return selectVideos(db).where('v.id', '=', id).executeTakeFirst();
}

/** Uploaded pitches sent to the user as seller and the user's own, newest first, by a filter chip (`all`: not deleted). */
export function videosOfUser(db: Executor, userId: number, filter: string): Promise<VideoView[]> {
  let q = selectVideos(db)
    .where('v.status', '!=', 'uploading')
    // A pitch denied in moderation is hidden from the owner; its uploader still sees it.
    .where((eb) => eb.or([eb('v.uploader_id', '=', userId), eb.and([eb('v.seller_id', '=', userId), eb('v.moderation', '!=', 'denied')])]))
    .orderBy('v.id', 'desc')
    .limit(500);
  q = filter === 'all' ? q.where('v.status', '!=', 'deleted') : q.where('v.status', '=', filter);
  return q.execute();
}

export async function insertVideo(db: Executor, video: Insertable<VideosTable>): Promise<void> {
  await db.insertInto('videos').values(video).execute();
}

/** The newest upload of this file by this user for this domain that has not been recorded yet. */
export function findPendingUpload(db: Executor, uploaderId: number, domainId: number, fileName: string): Promise<VideoRow | undefined> {
  return db
    .selectFrom('videos')
    .selectAll()
    .where('uploader_id', '=', uploaderId)
    .where('domain_id', '=', domainId)
    .where('file_name', '=', fileName)
    .where('status', '=', 'uploading')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function updateVideo(db: Executor, id: number, patch: Updateable<VideosTable>): Promise<void> {
  await db.updateTable('videos').set(patch).where('id', '=', id).execute();
}

/** The domain's badge: pitches from others sent to its current owner and waiting for their decision, counted again. */
export async function recountPitchLeads(db: Executor, domainId: number): Promise<void> {
  const { n } = await db
    .selectFrom('videos as v')
    .innerJoin('domains as d', 'd.id', 'v.domain_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('v.domain_id', '=', domainId)
    .where('v.status', '=', 'undecided')
    .where('v.moderation', '!=', 'denied')
    .whereRef('v.seller_id', '=', 'd.user_id')
    .whereRef('v.uploader_id', '!=', 'd.user_id')
    .executeTakeFirstOrThrow();
  await db.updateTable('domains').set({ video_pitch_leads: Number(n) }).where('id', '=', domainId).execute();
}

/** Playable pitches of these domains, oldest first; with `viewerId`, only those they uploaded or were sent as the seller. */
export function playableVideos(db: Executor, domainIds: readonly number[], viewerId: number | null): Promise<DomainVideoRow[]> {
  let q = db
    .selectFrom('videos as v')
    .innerJoin('users as u', 'u.id', 'v.uploader_id')
    .select(['v.id', 'v.domain_id', 'v.status', 'v.uploader_id', 'u.first_name as uploader_first_name', 'u.last_name as uploader_last_name'])
    .where('v.domain_id', 'in', [...new Set(domainIds)])
    .where('v.status', 'not in', ['uploading', 'deleted'])
    .orderBy('v.id');
  if (viewerId !== null) {
    q = q.where((eb) => eb.or([eb('v.uploader_id', '=', viewerId), eb.and([eb('v.seller_id', '=', viewerId), eb('v.moderation', '!=', 'denied')])]));
  }
  return q.execute();
}

export async function uploaderEmail(db: Executor, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email ?? '';
}
