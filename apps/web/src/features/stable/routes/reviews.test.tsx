import { screen, within } from '@testing-library/react';
import type { MyReview } from '@market/shared';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { allowForBusyMachine } from '@/testing/patience';
import { renderRoute, signIn, testUser } from '@/testing/test-utils';
import ReviewsRoute from './reviews';

allowForBusyMachine();

const me = { id: testUser.id, first_name: testUser.first_name, last_name: testUser.last_name };
const cleo = { id: 1, first_name: 'Cleo', last_name: 'Client' };
const aReview = (over: Partial<MyReview> = {}): MyReview => ({
  id: 1,
  engagement_id: 40,
  engagement_title: 'Logo for coffee.io',
  author_role: 'client',
  author: cleo,
  subject: me,
  stars: 5,
  text: 'Fast and careful work.',
  reply: null,
  replied_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  ...over,
});

describe("My Stable's Reviews tab", () => {
  it('lists the reviews of the user with a reply form until they reply, and the ones they wrote', async () => {
    signIn();
    let replied = false;
    const { requests } = mockFetch({
      'GET /api/auth/user/': { body: testUser },
      'GET /api/engagements/reviews/mine/': () => ({
        body: {
          received: [aReview(replied ? { reply: 'Thank you, Cleo.', replied_at: '2026-11-02T10:00:00.000Z' } : {})],
          written: [aReview({ id: 2, author_role: 'freelancer', author: me, subject: cleo, stars: 4, text: 'A clear brief.', reply: 'Glad to hear it.' })],
          limit: 200,
        },
      }),
      'POST /api/engagements/40/reviews/reply/': () => {
        replied = true;
        return { body: aReview({ reply: 'Thank you, Cleo.' }) };
      },
    });
    const { user } = renderRoute(<ReviewsRoute />, { at: '/reviews', path: '/reviews' });
    const received = await screen.findByTestId('review-received');
    expect(within(received).getByRole('link', { name: 'Logo for coffee.io' })).toHaveAttribute('href', '/engagements/40');
    expect(within(received).getByRole('img', { name: '5 of 5 stars' })).toBeInTheDocument();
    expect(within(received).getByText('Fast and careful work.')).toBeInTheDocument();
    expect(within(received).getByText(/Cleo Client, the client, about your work as freelancer/)).toBeInTheDocument();
    const written = screen.getByTestId('review-written');
    expect(within(written).getByText(/Your review of Cleo Client, the client/)).toBeInTheDocument();
    expect(within(written).getByText('Glad to hear it.')).toBeInTheDocument();
    expect(within(written).queryByRole('form')).not.toBeInTheDocument();

    await user.type(within(received).getByRole('textbox', { name: 'Your reply' }), 'Thank you, Cleo.');
    await user.click(within(received).getByRole('button', { name: 'Publish the reply' }));
    await vi.waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ text: 'Thank you, Cleo.' }));
    expect(await within(screen.getByTestId('review-received')).findByText('Thank you, Cleo.')).toBeInTheDocument();
    expect(within(screen.getByTestId('review-received')).queryByRole('form')).not.toBeInTheDocument();
  });

  it('says reviews come after a completed engagement when there are none', async () => {
    signIn();
    mockFetch({ 'GET /api/auth/user/': { body: testUser }, 'GET /api/engagements/reviews/mine/': { body: { received: [], written: [], limit: 200 } } });
    renderRoute(<ReviewsRoute />, { at: '/reviews', path: '/reviews' });
    expect(await screen.findByText(/Reviews come after a completed engagement/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your engagements' })).toHaveAttribute('href', '/engagements');
  });
});
