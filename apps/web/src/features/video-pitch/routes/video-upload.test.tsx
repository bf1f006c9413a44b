import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, videoMessages } from '@market/shared';
import { renderRoute, signIn, testUser } from '@/testing/test-utils';
import { allowForBusyMachine, aPitch, aVideoDomain, installFakeXhr, mockApi, videoFile } from '../testing/fixtures';
import VideoUploadRoute from './video-upload';

const policy = {
  url: '/storage/upload',
  fields: { key: 'videos/7/5/abc-pitch.webm', 'Content-Type': 'video/webm', Policy: 'cG9saWN5', 'X-Amz-Signature': 'f'.repeat(64) },
  key: 'videos/7/5/abc-pitch.webm',
};

function realVideo(name = 'pitch.webm', bytes = 4000, type = 'video/webm'): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

function open(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /api/domains/5': { body: aVideoDomain }, ...routes });
  signIn();
  const rendered = renderRoute(<VideoUploadRoute />, { at: '/video_upload/5', path: '/video_upload/:id' });
  return { ...api, ...rendered };
}

async function choose(file: File) {
  const input = await screen.findByLabelText('Video file');
  // fireEvent rather than user.upload: the picker's accept list must not hide what the checks do.
  fireEvent.change(input, { target: { files: [file] } });
}

allowForBusyMachine();

describe('video upload page', { timeout: 20_000 }, () => {
  it('shows the domain and refuses a file over 2 MB before any request, naming the file', async () => {
    const xhr = installFakeXhr();
    const { calls, user } = open();
    expect(await screen.findByTestId('upload-domain')).toHaveTextContent('alpha.com');
    expect(screen.getByText('Owner: Grace H.')).toBeInTheDocument();
    expect(screen.queryByText(/Hopper/)).not.toBeInTheDocument();

    await choose(videoFile('big.webm', MAX_UPLOAD_BYTES + 1));
    expect(screen.getByRole('alert')).toHaveTextContent(videoMessages.tooLarge('big.webm'));
    expect(screen.queryByTestId('chosen-video')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Upload video' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a video file to upload.');
    expect(calls().map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/domains/5']);
    expect(xhr.instances).toHaveLength(0);
  });

  it('accepts a file of exactly 2 MB', async () => {
    open();
    await choose(videoFile('edge.webm', MAX_UPLOAD_BYTES));
    expect(screen.getByTestId('chosen-video')).toHaveTextContent('edge.webm');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a file that is not a video', async () => {
    const { calls } = open();
    await choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent(videoMessages.notAVideo);
    expect(calls()).toHaveLength(1);
  });

  it('asks for an upload URL, posts fields first and the file last without a token, records it, then goes to /video_pitch', async () => {
    const xhr = installFakeXhr({ status: 204 });
    const { calls, user } = open({
      'POST /api/domains/video-upload-url/': { body: policy },
      'POST /api/domains/upload_video/': { status: 201, body: aPitch({ role: 'uploader' }) },
    });
    const file = realVideo();
    await choose(file);
    await user.click(screen.getByRole('button', { name: 'Upload video' }));

    expect(await screen.findByText(videoMessages.success)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/video_pitch'));

    const made = calls();
    expect(made.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/domains/5',
      'POST /api/domains/video-upload-url/',
      'POST /api/domains/upload_video/',
    ]);
    expect(made[1]?.body).toEqual({ domain_id: 5, file_name: 'pitch.webm', content_type: 'video/webm', size: 4000 });
    expect(made[1]?.headers.Authorization).toBe('Token stored-token');
    expect(made[2]?.body).toEqual({ domain_id: 5, file_name: 'pitch.webm' });

    expect(xhr.instances).toHaveLength(1);
    const sent = xhr.instances[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/storage/upload');
    expect(sent.headers).toEqual({});
    expect(sent.withCredentials).toBe(false);
    expect(sent.fieldOrder()).toEqual(['key', 'Content-Type', 'Policy', 'X-Amz-Signature', 'file']);
    expect(sent.body?.get('Policy')).toBe('cG9saWN5');
    const sentFile = sent.body?.get('file');
    expect(sentFile).toBeInstanceOf(File);
    expect((sentFile as File).name).toBe('pitch.webm');
    expect((sentFile as File).size).toBe(4000);
  });

  it('shows upload progress from the upload events', async () => {
    const xhr = installFakeXhr({ hold: true });
    const { user } = open({
      'POST /api/domains/video-upload-url/': { body: policy },
      'POST /api/domains/upload_video/': { status: 201, body: aPitch({ role: 'uploader' }) },
    });
    await choose(realVideo());
    await user.click(screen.getByRole('button', { name: 'Upload video' }));
    await waitFor(() => expect(xhr.instances).toHaveLength(1));
    xhr.instances[0]!.progress(2000, 4000);
    expect(await screen.findByText('Uploading… 50%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading… 50%' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('button', { name: 'Uploading…' })).toBeDisabled();
    xhr.instances[0]!.respond(204);
    expect(await screen.findByText(videoMessages.success)).toBeInTheDocument();
  });

  it.each([403, 413, 500, 200, 201])("reports storage status %i as 'Failed to upload this video file.' and records nothing", async (status) => {
    installFakeXhr({ status });
    const { calls, user } = open({ 'POST /api/domains/video-upload-url/': { body: policy } });
    await choose(realVideo());
    await user.click(screen.getByRole('button', { name: 'Upload video' }));
    expect(await screen.findByText(videoMessages.storageFailed)).toBeInTheDocument();
    expect(calls().some((c) => c.path === '/api/domains/upload_video/')).toBe(false);
    expect(screen.getByTestId('location')).toHaveTextContent('/video_upload/5');
    // The file stays chosen, so the user can try again.
    expect(screen.getByRole('button', { name: 'Upload video' })).toBeEnabled();
    expect(screen.getByTestId('chosen-video')).toHaveTextContent('pitch.webm');
  });

  it("reports a storage network failure as 'Failed to upload this video file.'", async () => {
    installFakeXhr({ networkError: true });
    const { user } = open({ 'POST /api/domains/video-upload-url/': { body: policy } });
    await choose(realVideo());
    await user.click(screen.getByRole('button', { name: 'Upload video' }));
    expect(await screen.findByText(videoMessages.storageFailed)).toBeInTheDocument();
  });

  it("toasts 'Fail!' when recording the stored upload fails, and stays", async () => {
    installFakeXhr({ status: 204 });
    const { user } = open({
      'POST /api/domains/video-upload-url/': { body: policy },
      'POST /api/domains/upload_video/': { status: 400, body: { file_name: ['That file has not been uploaded yet.'] } },
    });
    await choose(realVideo());
    await user.click(screen.getByRole('button', { name: 'Upload video' }));
    expect(await screen.findByText(videoMessages.recordFailed)).toBeInTheDocument();
    expect(screen.getByText('That file has not been uploaded yet.')).toBeInTheDocument();
    expect(screen.queryByText(videoMessages.success)).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/video_upload/5');
  });

  it('shows the server refusing the file next to it and never contacts storage', async () => {
    const xhr = installFakeXhr();
    const { user } = open({
      'POST /api/domains/video-upload-url/': { status: 413, body: { file: [videoMessages.tooLarge('pitch.webm')] } },
    });
    await choose(realVideo());
    await user.click(screen.getByRole('button', { name: 'Upload video' }));
    expect(await screen.findByText(videoMessages.storageFailed)).toBeInTheDocument();
    expect(screen.getByTestId('video-file-error')).toHaveTextContent(videoMessages.tooLarge('pitch.webm'));
    expect(xhr.instances).toHaveLength(0);
  });

  it('cancels an upload in flight', async () => {
    const xhr = installFakeXhr({ hold: true });
    const { calls, user } = open({ 'POST /api/domains/video-upload-url/': { body: policy } });
    await choose(realVideo());
    await user.click(screen.getByRole('button', { name: 'Upload video' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel upload' }));
    expect(await screen.findByText('Upload cancelled.')).toBeInTheDocument();
    expect(xhr.instances).toHaveLength(1);
    expect(calls().some((c) => c.path === '/api/domains/upload_video/')).toBe(false);
    expect(screen.getByRole('button', { name: 'Upload video' })).toBeEnabled();
  });

  it('says when the domain does not exist', async () => {
    mockApi({ 'GET /api/domains/404': { status: 404, body: { detail: 'Not found.' } } });
    signIn();
    renderRoute(<VideoUploadRoute />, { at: '/video_upload/404', path: '/video_upload/:id' });
    expect(await screen.findByText(/This domain could not be found/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search domains' })).toHaveAttribute('href', '/homeSearch');
    expect(screen.queryByLabelText('Video file')).not.toBeInTheDocument();
  });

  it('tells the owner that a pitch goes to a domain\'s owner, and offers no upload for their own domain', async () => {
    open({ 'GET /api/domains/5': { body: { ...aVideoDomain, user: { id: testUser.id, first_name: 'Ada', last_name: 'Lovelace' } } } });
    expect(await screen.findByText(videoMessages.ownDomain, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Video Pitch' })).toHaveAttribute('href', '/video-pitch');
    expect(screen.queryByLabelText('Video file')).not.toBeInTheDocument();
  });
});
