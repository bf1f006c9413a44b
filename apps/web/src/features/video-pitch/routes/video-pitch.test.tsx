import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyTableMessage } from '@market/shared';
import type { MockHandler } from '@/testing/mock-fetch';
import { renderRoute, signIn } from '@/testing/test-utils';
import { allowForBusyMachine, aPitch, mockApi } from '../testing/fixtures';
import VideoPitchRoute from './video-pitch';

const received = aPitch({ id: 31, domain_name: 'alpha.com', file_name: 'idea.webm', role: 'seller' });
const sent = aPitch({ id: 32, domain_id: 6, domain_name: 'beta.io', file_name: 'mine.mp4', role: 'uploader', status: 'accepted', status_label: 'Accepted', reviewed_at: '2026-03-05T10:00:00.000Z' });

function open(routes: Record<string, MockHandler> = {}, at = '/video-pitch') {
  const api = mockApi({ 'GET /api/domains/video-pitches/': { body: [received, sent] }, ...routes });
  signIn();
  const rendered = renderRoute(<VideoPitchRoute />, { at, path: '/video-pitch' });
  return { ...api, ...rendered };
}

const listCalls = (calls: () => { method: string; path: string }[]) =>
  calls().filter((c) => c.path.startsWith('/api/domains/video-pitches/?')).map((c) => c.path);

allowForBusyMachine();

// Rendering MUI tables in jsdom is slow on a busy 2-core machine; the default 5 s is too tight.
describe('video pitch projects', { timeout: 20_000 }, () => {
  it('lists pitches sent and received with their state', async () => {
    const { calls } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Video Pitch' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Video pitch projects' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('pitch-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('alpha.com')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Sent to you')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Awaiting your decision')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Sent by you')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Accepted')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/^Answered /)).toBeInTheDocument();
    expect(listCalls(calls)).toEqual(['/api/domains/video-pitches/?filter=all']);
  });

  it('filters on the server with each chip', async () => {
    const { calls, user } = open();
    await screen.findAllByTestId('pitch-row');
    const chips = screen.getByRole('group', { name: 'Filter video pitches' });
    expect(within(chips).getAllByRole('button').map((b) => b.textContent)).toEqual(['All projects', 'Accepted', 'Decline', 'Deleted', 'Undecided']);
    expect(within(chips).getByRole('button', { name: 'All projects' })).toHaveAttribute('aria-pressed', 'true');

    for (const [label, filter] of [['Undecided', 'undecided'], ['Decline', 'declined'], ['Accepted', 'accepted'], ['Deleted', 'deleted']] as const) {
      await user.click(within(chips).getByRole('button', { name: label }));
      await waitFor(() => expect(listCalls(calls)).toContain(`/api/domains/video-pitches/?filter=${filter}`));
      expect(within(chips).getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByTestId('location')).toHaveTextContent(`/video-pitch?filter=${filter}`);
    }
    await user.click(within(chips).getByRole('button', { name: 'All projects' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/video-pitch$/);
  });

  it('starts from the filter in the URL', async () => {
    const { calls } = open({}, '/video-pitch?filter=undecided');
    await screen.findAllByTestId('pitch-row');
    expect(listCalls(calls)).toEqual(['/api/domains/video-pitches/?filter=undecided']);
    expect(screen.getByRole('button', { name: 'Undecided' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('lets the seller accept or decline, and only the seller; a decided pitch has no buttons left', async () => {
    let current = received;
    const { calls, user } = open({
      'GET /api/domains/video-pitches/': () => ({ body: [current, sent] }),
      'POST /api/domains/video-pitches/31/review/': ({ body }) => {
        const action = (body as { action: string }).action;
        current =
          action === 'approve'
            ? { ...received, status: 'accepted', status_label: 'Accepted', allowed_actions: [] }
            : { ...received, status: 'declined', status_label: 'Declined', allowed_actions: [] };
        return { body: current };
      },
    });
    await screen.findAllByTestId('pitch-row');
    // The uploader's own pitch has no answer buttons.
    expect(screen.queryByRole('button', { name: 'Accept mine.mp4 for beta.io' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline mine.mp4 for beta.io' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Accept idea.webm for alpha.com' }));
    expect(await screen.findByText('Pitch accepted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Decline idea.webm for alpha.com' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Accept idea.webm for alpha.com' })).not.toBeInTheDocument();

    const reviews = calls().filter((c) => c.path === '/api/domains/video-pitches/31/review/');
    expect(reviews.map((c) => [c.method, c.body])).toEqual([['POST', { action: 'approve' }]]);
    // The lists are reloaded, as the pitch may have left the current filter.
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThanOrEqual(2));
  });

  it('toasts a refused review', async () => {
    const { user } = open({
      'POST /api/domains/video-pitches/31/review/': { status: 403, body: { detail: 'Only the domain’s seller can review its video pitches.' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Accept idea.webm for alpha.com' }));
    expect(await screen.findByText('The pitch could not be updated.')).toBeInTheDocument();
    expect(screen.getByText('Only the domain’s seller can review its video pitches.')).toBeInTheDocument();
  });

  it('lets the uploader delete their pitch after confirming', async () => {
    const { calls, user } = open({ 'DELETE /api/domains/video-pitches/32/': { status: 204 } });
    await screen.findAllByTestId('pitch-row');
    expect(screen.queryByRole('button', { name: 'Delete idea.webm for alpha.com' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete mine.mp4 for beta.io' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete video pitch' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls().some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete mine.mp4 for beta.io' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete video pitch' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Video pitch deleted.')).toBeInTheDocument();
    expect(calls().filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/domains/video-pitches/32/']);
  });

  it('plays a pitch in the modal from the URL get_video answers', async () => {
    const url = '/storage/object/videos/1/5/x-idea.webm?expires=1&signature=abc';
    const { calls, user } = open({ 'GET /api/domains/get_video/31': { body: url } });
    await user.click(await screen.findByRole('button', { name: 'Play idea.webm for alpha.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Video pitch for alpha.com' });
    const video = await within(dialog).findByLabelText('Video pitch idea.webm for alpha.com');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', url);
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('title', 'Video pitch idea.webm for alpha.com');
    expect(calls().map((c) => c.path)).toContain('/api/domains/get_video/31');
    // The seller can decide from the player.
    expect(within(dialog).getByRole('button', { name: 'Accept idea.webm for alpha.com' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when a video cannot be played', async () => {
    const { user } = open({ 'GET /api/domains/get_video/31': { status: 403, body: { detail: 'You cannot watch this video.' } } });
    await user.click(await screen.findByRole('button', { name: 'Play idea.webm for alpha.com' }));
    expect(await screen.findByText(/This video could not be played\. You cannot watch this video\./)).toBeInTheDocument();
  });

  it('has no Play or actions for a deleted pitch', async () => {
    open({ 'GET /api/domains/video-pitches/': { body: [aPitch({ role: 'uploader', status: 'deleted', status_label: 'Deleted' })] } });
    const row = await screen.findByTestId('pitch-row');
    expect(within(row).queryAllByRole('button')).toHaveLength(0);
    expect(within(row).getByText('No actions')).toBeInTheDocument();
  });

  it('says what to do next when there is nothing to show', async () => {
    open({ 'GET /api/domains/video-pitches/': { body: [] } });
    expect(await screen.findByText(emptyTableMessage)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a domain and send its owner a pitch' })).toHaveAttribute('href', '/homeSearch');
  });

  it('offers to try again when the list fails', async () => {
    let fail = true;
    const { user } = open({
      'GET /api/domains/video-pitches/': () => (fail ? { status: 500, body: { detail: 'boom' } } : { body: [received] }),
    });
    expect(await screen.findByText('Server Error')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('pitch-row')).toBeInTheDocument();
  });
});
