import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { videoMessages as vm } from '@market/shared';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../../storage/s3-storage.js';
import { adminToken, bearer, createTestApp, json, registerUser, type TestApp, testDialect, errorOf } from '../../test/test-app.js';

type User = Awaited<ReturnType<typeof registerUser>>;
type Policy = { url: string; fields: Record<string, string>; key: string };

/** A multipart form with the policy fields first and the file last, as S3 requires. */
function formBody(fields: Record<string, string>, file: Buffer, fileName = 'pitch.mp4') {
  const boundary = `----video${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: video/mp4\r\n\r\n`));
  parts.push(file, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const VIDEO = Buffer.concat([Buffer.from('\x00\x00\x00\x18ftypmp42'), Buffer.alloc(4000, 7)]);

async function setup(t: TestApp) {
  const seller = await registerUser(t.app);
  const founder = await registerUser(t.app);
  const admin = await adminToken(t.app);
  await t.app.inject({ method: 'POST', url: '/api/domains/', headers: bearer(seller.token), payload: { domain_list: `pitch-${Date.now()}.com` } });
  const { domains } = json<{ domains: { id: number }[] }>(await t.app.inject({ method: 'GET', url: '/api/domains/', headers: bearer(seller.token) }));
  const domainId = domains[0]?.id ?? 0;
  await t.app.inject({ method: 'POST', url: `/api/domains/admin/approval/${domainId}/`, headers: bearer(admin), payload: { action: 'approve' } });
  return { seller, founder, admin, domainId };
}

describe(`video pitches on the embedded storage (${testDialect})`, () => {
  let t: TestApp;
  let seller: User;
  let founder: User;
  let admin: string;
  let domainId: number;

  beforeAll(async () => {
    t = await createTestApp();
    ({ seller, founder, admin, domainId } = await setup(t));
  });
  afterAll(() => t.close());

  const askPolicy = async (user: User, overrides: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/domains/video-upload-url/',
      headers: bearer(user.token),
      payload: { domain_id: domainId, file_name: 'pitch.mp4', content_type: 'video/mp4', size: VIDEO.length, ...overrides },
    });
    return res;
  };
  const upload = (fields: Record<string, string>, file = VIDEO) => {
    const { payload, headers } = formBody(fields, file);
    return t.app.inject({ method: 'POST', url: '/storage/upload', headers, payload });
  };
  const record = (user: User, file_name = 'pitch.mp4') =>
    t.app.inject({ method: 'POST', url: '/api/domains/upload_video/', headers: bearer(user.token), payload: { domain_id: domainId, file_name } });

  it('uploads straight to storage with a presigned POST, records it, reviews and plays it', async () => {
    const policy = json<Policy>(await askPolicy(founder));
    expect(policy.url).toBe('/storage/upload');
    expect(policy.key).toMatch(new RegExp(`^videos/${founder.user.id}/${domainId}/`));
    expect((await upload(policy.fields)).statusCode).toBe(204);

    const recorded = await record(founder);
    expect(recorded.statusCode).toBe(201);
    const video = json<{ id: number; status: string }>(recorded);
    expect(video.status).toBe('undecided');

    const sellerList = json<{ id: number; role: string }[]>(await t.app.inject({ method: 'GET', url: '/api/domains/video-pitches/?filter=undecided', headers: bearer(seller.token) }));
    expect(sellerList.map((v) => [v.id, v.role])).toContainEqual([video.id, 'seller']);
    const counts = json<{ video_pitch_leads: number }>(await t.app.inject({ method: 'GET', url: '/api/domains/my-stable', headers: bearer(seller.token) }));
    expect(counts.video_pitch_leads).toBe(1);

    // The founder cannot judge their own pitch; the seller can.
    expect((await t.app.inject({ method: 'POST', url: `/api/domains/video-pitches/${video.id}/review/`, headers: bearer(founder.token), payload: { action: 'approve' } })).statusCode).toBe(403);
    const reviewed = await t.app.inject({ method: 'POST', url: `/api/domains/video-pitches/${video.id}/review/`, headers: bearer(seller.token), payload: { action: 'approve' } });
    expect(json(reviewed)).toMatchObject({ status: 'accepted', status_label: 'Accepted' });
    const founderList = json<{ id: number; status: string }[]>(await t.app.inject({ method: 'GET', url: '/api/domains/video-pitches/?filter=accepted', headers: bearer(founder.token) }));
    expect(founderList.find((v) => v.id === video.id)?.status).toBe('accepted');

    const url = json<string>(await t.app.inject({ method: 'GET', url: `/api/domains/get_video/${video.id}`, headers: bearer(seller.token) }));
    expect(typeof url).toBe('string');
    const full = await t.app.inject({ method: 'GET', url });
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.equals(VIDEO)).toBe(true);
    expect(full.headers['content-type']).toBe('video/mp4');
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${VIDEO.length}`);
    expect(part.rawPayload.length).toBe(100);
    expect((await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=999999-' } })).statusCode).toBe(416);

    // Someone else's private pitch cannot be played; a tampered link is refused.
    const outsider = await registerUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: `/api/domains/get_video/${video.id}`, headers: bearer(outsider.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/domains/get_video/${video.id}`, headers: bearer(admin) })).statusCode).toBe(200);
    // Change one hex digit of the signature (to a digit it is not).
    const tampered = url.replace(/signature=([0-9a-f])/, (_, d: string) => `signature=${d === '0' ? '1' : '0'}`);
    expect(tampered).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);

    // The uploader deletes it: the file is gone, the record shows Deleted.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/domains/video-pitches/${video.id}/`, headers: bearer(founder.token) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const deleted = json<{ id: number }[]>(await t.app.inject({ method: 'GET', url: '/api/domains/video-pitches/?filter=deleted', headers: bearer(seller.token) }));
    expect(deleted.map((v) => v.id)).toContain(video.id);
  });

  it("keeps the admins' moderation apart from the owner's answer, and offers each decision only while open", async () => {
    const policy = json<Policy>(await askPolicy(founder, { file_name: 'moderated.mp4' }));
    expect((await upload(policy.fields)).statusCode).toBe(204);
    const video = json<{ id: number }>(await record(founder, 'moderated.mp4'));
    const review = (token: string, action: string) =>
      t.app.inject({ method: 'POST', url: `/api/domains/video-pitches/${video.id}/review/`, headers: bearer(token), payload: { action } });
    const moderate = (token: string, action: string) =>
      t.app.inject({ method: 'POST', url: `/api/domains/admin/videos/${video.id}/moderation/`, headers: bearer(token), payload: { action } });
    const asSeller = async () =>
      json<{ id: number; status: string; status_label: string; allowed_actions: string[] }[]>(
        await t.app.inject({ method: 'GET', url: '/api/domains/video-pitches/', headers: bearer(seller.token) }),
      ).find((v) => v.id === video.id);
    const asAdmin = async () =>
      json<{ id: number; status: string; moderation: string; allowed_actions: string[] }[]>(
        await t.app.inject({ method: 'GET', url: '/api/domains/admin/videos/', headers: bearer(admin) }),
      ).find((v) => v.id === video.id);

    expect(await asAdmin()).toMatchObject({ status: 'undecided', moderation: 'new', allowed_actions: ['approve', 'deny'] });
    // The admin's approval is moderation: the owner still has the pitch to decide on.
    const approved = await moderate(admin, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(json(approved)).toMatchObject({ status: 'undecided', moderation: 'approved', allowed_actions: ['deny'] });
    expect(await asSeller()).toMatchObject({ status: 'undecided', status_label: 'Awaiting your decision', allowed_actions: ['approve', 'deny'] });
    expect((await moderate(admin, 'approve')).statusCode).toBe(409);
    expect((await moderate(seller.token, 'deny')).statusCode).toBe(403);
    // An admin does not answer for the owner.
    const adminAnswer = await review(admin, 'approve');
    expect(adminAnswer.statusCode).toBe(403);
    expect(errorOf(adminAnswer)).toEqual({ detail: vm.reviewOnlyOwner });

    // Denied in moderation, the pitch is hidden from the owner; approved again, it is back.
    expect((await moderate(admin, 'deny')).statusCode).toBe(200);
    expect(await asSeller()).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: `/api/domains/get_video/${video.id}`, headers: bearer(seller.token) })).statusCode).toBe(403);
    expect((await review(seller.token, 'approve')).statusCode).toBe(409);
    expect((await moderate(admin, 'approve')).statusCode).toBe(200);

    // The owner answers once; after that nothing is left to click.
    const declined = await review(seller.token, 'deny');
    expect(json(declined)).toMatchObject({ status: 'declined', status_label: 'Declined', allowed_actions: [] });
    const again = await review(seller.token, 'approve');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({ detail: vm.alreadyDecided });
    expect(await asAdmin()).toMatchObject({ status: 'declined', moderation: 'approved' });
    // Out of the way of the other tests on this domain.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/domains/video-pitches/${video.id}/`, headers: bearer(founder.token) })).statusCode).toBe(204);
  });

  it('refuses a pitch to one\'s own domain, approved or pending, asked for or recorded', async () => {
    // A pitch is a founder's to the owner: the owner has no one to send one to.
    const own = await askPolicy(seller);
    expect(own.statusCode).toBe(400);
    expect(errorOf(own)).toEqual({ domain_id: [vm.ownDomain] });
    // A domain still waiting for approval too (no one else can see it).
    const name = `own-pending-${Date.now()}.com`;
    await t.app.inject({ method: 'POST', url: '/api/domains/', headers: bearer(seller.token), payload: { domain_list: name } });
    const { id: pendingId } = await t.db.kysely.selectFrom('domains').select('id').where('domain_name', '=', name).executeTakeFirstOrThrow();
    expect(errorOf(await askPolicy(seller, { domain_id: pendingId }))).toEqual({ domain_id: [vm.ownDomain] });
    expect((await askPolicy(founder, { domain_id: pendingId })).statusCode).toBe(404);

    // Asked for while the domain was someone else's, recorded once it has become the uploader's.
    const buyer = await registerUser(t.app);
    const policy = json<Policy>(await askPolicy(buyer));
    expect((await upload(policy.fields)).statusCode).toBe(204);
    const { user_id: owner } = await t.db.kysely.selectFrom('domains').select('user_id').where('id', '=', domainId).executeTakeFirstOrThrow();
    await t.db.kysely.updateTable('domains').set({ user_id: buyer.user.id }).where('id', '=', domainId).execute();
    try {
      const recorded = await record(buyer);
      expect(recorded.statusCode).toBe(400);
      expect(errorOf(recorded)).toEqual({ domain_id: [vm.ownDomain] });
    } finally {
      await t.db.kysely.updateTable('domains').set({ user_id: owner }).where('id', '=', domainId).execute();
    }
    // Nothing was kept of it: not listed, and its file is gone, so it cannot be recorded later either.
    const listed = json<{ id: number }[]>(await t.app.inject({ method: 'GET', url: '/api/domains/video-pitches/?filter=all', headers: bearer(buyer.token) }));
    expect(listed).toEqual([]);
    expect(errorOf(await record(buyer))).toEqual({ file_name: [vm.neverUploaded] });
  });

  it('refuses wrong signatures, expired policies, other keys, other types, oversize files and replays, storing nothing', async () => {
    const policy = json<Policy>(await askPolicy(founder));
    const f = policy.fields;
    const tampered = { ...f, 'X-Amz-Signature': '0'.repeat(64) };
    expect((await upload(tampered)).statusCode).toBe(403);
    const otherKey = { ...f, key: `videos/${seller.user.id}/${domainId}/evil.mp4` };
    expect((await upload(otherKey)).statusCode).toBe(403);
    expect((await upload({ ...f, 'Content-Type': 'text/html' })).statusCode).toBe(403);
    const expiredPolicy = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(f.Policy ?? '', 'base64').toString()), expiration: '2000-01-01T00:00:00.000Z' })).toString('base64');
    expect((await upload({ ...f, Policy: expiredPolicy })).statusCode).toBe(403);
    expect((await upload(f, Buffer.alloc(2_097_153, 1))).statusCode).toBe(413);
    // Nothing was stored, so nothing can be recorded.
    expect(errorOf(await record(founder))).toEqual({ file_name: [vm.neverUploaded] });
    expect((await upload(f)).statusCode).toBe(204);
    expect((await upload(f)).statusCode).toBe(403);
  });

  it('lists on a domain the pitches its caller may play, for one domain and for the whole portfolio', async () => {
    type Listed = { id: number; status: string; status_label: string; uploader: { id: number; first_name: string; last_name: string } };
    const pitch = async (user: User, file_name: string) => {
      expect((await upload(json<Policy>(await askPolicy(user, { file_name })).fields)).statusCode).toBe(204);
      const res = await record(user, file_name);
      expect(res.statusCode, res.body).toBe(201);
      return json<{ id: number }>(res).id;
    };
    const other = await registerUser(t.app, { first_name: 'Flo', last_name: 'Founder' });
    const buyer = await registerUser(t.app);
    const outsider = await registerUser(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/domains/domain-leads/', headers: bearer(buyer.token), payload: { domain_id: domainId } })).statusCode).toBe(201);
    const fromFounder = await pitch(founder, 'mine.mp4');
    const fromOther = await pitch(other, 'theirs.mp4');
    await t.app.inject({ method: 'POST', url: `/api/domains/video-pitches/${fromOther}/review/`, headers: bearer(seller.token), payload: { action: 'deny' } });
    const gone = await pitch(other, 'gone.mp4');
    await t.app.inject({ method: 'DELETE', url: `/api/domains/video-pitches/${gone}/`, headers: bearer(other.token) });

    const listed = async (token?: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/domains/${domainId}`, headers: token ? bearer(token) : {} });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('@example.com');
      return json<{ videos: Listed[] }>(res).videos;
    };
    const everyPitch = [fromFounder, fromOther];
    expect((await listed(seller.token)).map((v) => v.id)).toEqual(everyPitch);
    expect((await listed(admin)).map((v) => v.id)).toEqual(everyPitch);
    expect((await listed(founder.token)).map((v) => v.id)).toEqual([fromFounder]);
    expect((await listed(other.token)).map((v) => v.id)).toEqual([fromOther]);
    expect(await listed(buyer.token)).toEqual([]);
    expect(await listed(outsider.token)).toEqual([]);
    expect(await listed()).toEqual([]);
    expect(await listed(seller.token)).toEqual([
      // A pitch is no deal: founders are named by first name and initial, as the domain's owner is.
      { id: fromFounder, status: 'undecided', status_label: 'Undecided', uploader: { id: founder.user.id, first_name: 'Ada', last_name: 'L.' } },
      { id: fromOther, status: 'declined', status_label: 'Declined', uploader: { id: other.user.id, first_name: 'Flo', last_name: 'F.' } },
    ]);
    const publicDomain = json<{ user: { first_name: string; last_name: string } }>(await t.app.inject({ method: 'GET', url: `/api/domains/${domainId}` }));
    expect(publicDomain.user).toMatchObject({ first_name: 'Ada', last_name: 'L.' });

    // Every listed pitch can be played by the caller it was listed to.
    for (const [token, ids] of [[seller.token, everyPitch], [admin, everyPitch], [other.token, [fromOther]]] as const) {
      for (const id of ids) {
        expect((await t.app.inject({ method: 'GET', url: `/api/domains/get_video/${id}`, headers: bearer(token) })).statusCode, `video ${id}`).toBe(200);
      }
    }

    // The portfolio carries the same list on that domain and an empty one on a domain with none;
    // an edit's answer (which the app puts in place of the row) keeps it.
    await t.app.inject({ method: 'POST', url: '/api/domains/', headers: bearer(seller.token), payload: { domain_list: `quiet-${Date.now()}.com` } });
    const portfolio = json<{ domains: { id: number; domain_name: string; videos: Listed[] }[] }>(
      await t.app.inject({ method: 'GET', url: '/api/domains/', headers: bearer(seller.token) }),
    );
    expect(portfolio.domains.length).toBeGreaterThanOrEqual(2);
    for (const d of portfolio.domains) expect(d.videos.map((v) => v.id), d.domain_name).toEqual(d.id === domainId ? everyPitch : []);
    const edited = await t.app.inject({ method: 'PUT', url: `/api/domains/${domainId}/`, headers: bearer(seller.token), payload: { description: 'Pitches welcome.' } });
    expect(json<{ videos: Listed[] }>(edited).videos.map((v) => v.id)).toEqual(everyPitch);

    // Search rows never list pitches (docs/decisions.md), whoever asks.
    const name = portfolio.domains.find((d) => d.id === domainId)?.domain_name ?? '';
    const found = json<{ id: number; videos: unknown[] }[]>(
      await t.app.inject({ method: 'GET', url: `/api/domains/search/?domain_name=${encodeURIComponent(name)}`, headers: bearer(seller.token) }),
    );
    expect(found.find((d) => d.id === domainId)?.videos).toEqual([]);
  });

  it('refuses oversize and non-video files before any upload, and unknown domains', async () => {
    const big = await askPolicy(founder, { size: 2_097_153, file_name: 'big.mp4' });
    expect(big.statusCode).toBe(413);
    expect(errorOf(big)).toEqual({ file: [vm.tooLarge('big.mp4')] });
    expect(errorOf(await askPolicy(founder, { content_type: 'application/pdf' }))).toEqual({ content_type: [vm.notAVideo] });
    expect((await askPolicy(founder, { domain_id: 999999 })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/domains/video-upload-url/', payload: {} })).statusCode).toBe(401);
  });
});

describe(`video pitches on an S3-compatible server on 127.0.0.1 (${testDialect})`, () => {
  let s3: S3rver;
  let t: TestApp;
  let dir: string;
  let endpoint: string;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'videos', configs: [] }] });
    const address = (await s3.run()) as AddressInfo;
    endpoint = `http://127.0.0.1:${address.port}`;
    const storage = await createS3Storage({ bucket: 'videos', region: 'us-east-1', endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
    t = await createTestApp({}, { storage });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('uploads with a real presigned POST, records only what the bucket holds, and plays it back', async () => {
    const { founder, seller, domainId } = await setup(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/domains/video-upload-url/',
      headers: bearer(founder.token),
      payload: { domain_id: domainId, file_name: 'pitch.mp4', content_type: 'video/mp4', size: VIDEO.length },
    });
    const policy = json<Policy>(res);
    expect(policy.url.startsWith(endpoint)).toBe(true);
    expect(Object.keys(policy.fields)).toEqual(expect.arrayContaining(['Policy', 'X-Amz-Signature', 'key']));

    const early = await t.app.inject({ method: 'POST', url: '/api/domains/upload_video/', headers: bearer(founder.token), payload: { domain_id: domainId, file_name: 'pitch.mp4' } });
    expect(early.statusCode).toBe(400);

    const form = new FormData();
    for (const [k, v] of Object.entries(policy.fields)) form.append(k, v);
    form.append('file', new Blob([VIDEO], { type: 'video/mp4' }), 'pitch.mp4');
    const stored = await fetch(policy.url, { method: 'POST', body: form });
    expect(stored.status).toBe(204);

    const recorded = await t.app.inject({ method: 'POST', url: '/api/domains/upload_video/', headers: bearer(founder.token), payload: { domain_id: domainId, file_name: 'pitch.mp4' } });
    expect(recorded.statusCode).toBe(201);
    const url = json<string>(await t.app.inject({ method: 'GET', url: `/api/domains/get_video/${json<{ id: number }>(recorded).id}`, headers: bearer(seller.token) }));
    const played = await fetch(url);
    expect(played.status).toBe(200);
    expect(Buffer.from(await played.arrayBuffer()).equals(VIDEO)).toBe(true);
  });
});
