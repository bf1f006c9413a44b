import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute, signIn } from '@/testing/test-utils';
import { allowForBusyMachine, aPitch, mockApi } from '../testing/fixtures';
import { MyVideoPitchBox } from './my-video-pitch-box';

allowForBusyMachine();

describe('My Video Pitch box', { timeout: 20_000 }, () => {
  it('lists the latest pitches with their state and links to the full list', async () => {
    const pitches = Array.from({ length: 7 }, (_, i) =>
      aPitch({ id: 40 - i, domain_name: `name${i + 1}.com`, role: i % 2 ? 'uploader' : 'seller', status: i === 0 ? 'accepted' : 'undecided', status_label: i === 0 ? 'Accepted' : 'Undecided' }),
    );
    const { calls } = mockApi({ 'GET /api/domains/video-pitches/': { body: pitches } });
    signIn();
    renderRoute(<MyVideoPitchBox />);
    const box = await screen.findByRole('region', { name: 'My Video Pitch' });
    const items = await within(box).findAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(within(items[0]!).getByText('name1.com')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Accepted')).toBeInTheDocument();
    expect(within(items[0]!).getByText(/Sent to you/)).toBeInTheDocument();
    expect(within(items[1]!).getByText(/Sent by you/)).toBeInTheDocument();
    expect(within(box).getByText('and 2 more.')).toBeInTheDocument();
    expect(within(box).getByRole('link', { name: 'View all video pitches' })).toHaveAttribute('href', '/video-pitch');
    expect(calls().map((c) => c.path)).toEqual(['/api/domains/video-pitches/?filter=all']);
  });

  it('says what to do when there are none', async () => {
    mockApi({ 'GET /api/domains/video-pitches/': { body: [] } });
    signIn();
    renderRoute(<MyVideoPitchBox />);
    expect(await screen.findByText(/No video pitches yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a domain and send its owner a pitch' })).toHaveAttribute('href', '/homeSearch');
  });

  it('offers to try again after a failure', async () => {
    mockApi({ 'GET /api/domains/video-pitches/': { status: 500, body: {} } });
    signIn();
    renderRoute(<MyVideoPitchBox />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
