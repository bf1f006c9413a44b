import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { asCents, engagementMessages as em } from '@market/shared';
import { allowForBusyMachine } from '@/testing/patience';
import { jsonOf, mockFetch, type MockHandler } from '@/testing/mock-fetch';
import { renderRoute, signIn, testUser } from '@/testing/test-utils';
import { aMilestone, anEngagement } from '../test-fixtures';
import EngagementRoute from './engagement';

allowForBusyMachine();

const noReviews = { completed: false, can_review: false, mine: null, theirs: null };

function open(routes: Record<string, MockHandler>) {
  signIn();
  const mocks = mockFetch({ 'GET /api/auth/user/': { body: testUser }, 'GET /api/engagements/12/messages/': { body: [] }, 'GET /api/engagements/unread/': { body: { unread: 0 } }, 'GET /api/engagements/12/reviews/': { body: noReviews }, ...routes });
  return { ...mocks, ...renderRoute(<EngagementRoute />, { at: '/engagements/12', path: '/engagements/:id' }) };
}

describe('engagement page', () => {
  it('lets the client of a completed engagement leave one review, then shows it with the freelancer\'s review and no form', async () => {
    const done = anEngagement({ closed: true, milestones: [aMilestone({ status: 'paid_out', payment_instructions: null })] });
    const party = (id: number, first_name: string) => ({ id, first_name, last_name: 'Test' });
    const mine = { id: 1, engagement_id: 12, author_role: 'client' as const, author: party(7, 'Cleo'), subject: party(9, 'Gwen'), stars: 4, text: 'Good logo.', reply: null, replied_at: null, created_at: '2030-02-01T10:00:00.000Z' };
    const theirs = { ...mine, id: 2, author_role: 'freelancer' as const, author: party(9, 'Gwen'), subject: party(7, 'Cleo'), stars: 5, text: 'Clear brief.', reply: 'Thanks!' };
    let reviewed = false;
    const { user, requests } = open({
      'GET /api/engagements/12/': { body: done },
      'GET /api/engagements/12/reviews/': () => ({ body: reviewed ? { completed: true, can_review: false, mine, theirs } : { completed: true, can_review: true, mine: null, theirs: null } }),
      'POST /api/engagements/12/reviews/': () => {
        reviewed = true;
        return { status: 201, body: mine };
      },
    });
    const form = await screen.findByRole('form', { name: 'Leave your review' });
    const publish = within(form).getByRole('button', { name: 'Publish the review' });
    expect(publish).toBeDisabled();
    // A click on the fourth star's radio (user-event's pointer moves have no layout to measure in jsdom).
    fireEvent.click(within(form).getByLabelText('4 Stars'));
    await user.type(within(form).getByLabelText('Your review'), 'Good logo.');
    await user.click(publish);
    expect(await screen.findByTestId('review-mine')).toHaveTextContent('Good logo.');
    expect(jsonOf(requests.find((r) => r.path === '/api/engagements/12/reviews/' && r.method === 'POST'))).toEqual({ stars: 4, text: 'Good logo.' });
    expect(screen.getByTestId('review-theirs-reply')).toHaveTextContent('Thanks!');
    expect(screen.queryByRole('form', { name: 'Leave your review' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Reply to the review' })).not.toBeInTheDocument();
  });

  it('tells the client how to fund a milestone: amount to the cent, reference, bank details, and what the freelancer receives', async () => {
    open({ 'GET /api/engagements/12/': { body: anEngagement() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'A logo' })).toBeInTheDocument();
    expect(screen.getByTestId('milestone-1-next')).toHaveTextContent('Fund it: pay $500.00 into escrow.');
    expect(screen.getByLabelText('Payment reference of Sketches')).toHaveTextContent('FM-ABCD-EFGH');
    expect(screen.getByText(/IBAN IE00 TEST/)).toBeInTheDocument();
    expect(screen.getByTestId('milestone-31-net')).toHaveTextContent('$450.00');
    expect(screen.queryByRole('button', { name: 'Mark delivered' })).not.toBeInTheDocument();
  });

  it('lets the freelancer propose two milestones, with the total shown, and sends them in cents', async () => {
    const request = anEngagement({ role: 'freelancer', status: 'requested', status_label: 'Waiting for the freelancer', terms_version: 1, milestones: [aMilestone({ status: 'proposed', payment_instructions: null })] });
    const { user, requests } = open({
      'GET /api/engagements/12/': { body: request },
      'POST /api/engagements/12/propose/': { body: { ...request, status: 'proposed', status_label: 'Other terms proposed: waiting for the client' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Propose other terms' }));
    const form = screen.getByRole('form', { name: 'Propose other terms' });
    await user.click(within(form).getByRole('button', { name: 'Add a milestone' }));
    await user.type(within(form).getByLabelText('Milestone 2 title'), 'Final logo');
    await user.type(within(form).getByLabelText('Milestone 2 amount'), '1,000.50');
    expect(within(form).getByTestId('proposal-total')).toHaveTextContent('$1,500.50');
    await user.click(within(form).getByRole('button', { name: 'Send the proposal' }));
    expect(await screen.findByText(/Waiting for the client to answer your proposal/)).toBeInTheDocument();
    expect(jsonOf(requests.find((r) => r.path === '/api/engagements/12/propose/'))).toEqual({
      deadline: '2030-01-31',
      milestones: [
        { title: 'Sketches', amount_cents: asCents(50_000), due_date: '2030-01-10' },
        { title: 'Final logo', amount_cents: asCents(100_050), due_date: '2030-01-31' },
      ],
    });
  });

  it('adds milestone amounts in exact cents, and sends nothing while one is not an amount', async () => {
    const request = anEngagement({ role: 'freelancer', status: 'requested', status_label: 'Waiting for the freelancer', terms_version: 1, milestones: [aMilestone({ status: 'proposed', payment_instructions: null })] });
    const { user, requests } = open({
      'GET /api/engagements/12/': { body: request },
      'POST /api/engagements/12/propose/': { body: { ...request, status: 'proposed', status_label: 'Other terms proposed: waiting for the client' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Propose other terms' }));
    const form = screen.getByRole('form', { name: 'Propose other terms' });
    const first = within(form).getByLabelText('Milestone 1 amount');
    expect(first).toHaveValue('500.00');
    await user.clear(first);
    await user.type(first, '0.10');
    await user.click(within(form).getByRole('button', { name: 'Add a milestone' }));
    await user.type(within(form).getByLabelText('Milestone 2 title'), 'Final logo');
    const second = within(form).getByLabelText('Milestone 2 amount');
    await user.type(second, '0.20');
    expect(within(form).getByTestId('proposal-total')).toHaveTextContent('$0.30');

    // Not 123 dollars: misplaced thousands commas are no amount, and count for nothing in the total.
    await user.clear(second);
    await user.type(second, '1,2,3');
    expect(within(form).getByTestId('proposal-total')).toHaveTextContent('$0.10');
    await user.click(within(form).getByRole('button', { name: 'Send the proposal' }));
    expect(await within(form).findByText(em.amountInvalid)).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/engagements/12/propose/')).toBe(false);

    await user.clear(second);
    await user.type(second, '19.99');
    expect(within(form).getByTestId('proposal-total')).toHaveTextContent('$20.09');
    await user.click(within(form).getByRole('button', { name: 'Send the proposal' }));
    expect(await screen.findByText(/Waiting for the client to answer your proposal/)).toBeInTheDocument();
    expect(jsonOf(requests.find((r) => r.path === '/api/engagements/12/propose/'))).toMatchObject({
      milestones: [
        { title: 'Sketches', amount_cents: asCents(10) },
        { title: 'Final logo', amount_cents: asCents(1_999) },
      ],
    });
  });

  it('lets the client accept the version of the terms they read', async () => {
    const proposed = anEngagement({ status: 'proposed', status_label: 'Other terms proposed', terms_version: 3, milestones: [aMilestone({ status: 'proposed', payment_instructions: null })] });
    const { user, requests } = open({ 'GET /api/engagements/12/': { body: proposed }, 'POST /api/engagements/12/accept/': { status: 409, body: { detail: em.termsChanged } } });
    await user.click(await screen.findByRole('button', { name: 'Accept the terms' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(em.termsChanged)).toBeInTheDocument();
    expect(jsonOf(requests.find((r) => r.path === '/api/engagements/12/accept/'))).toEqual({ terms_version: 3 });
  });

  it('lets the freelancer mark a funded milestone delivered with a note', async () => {
    const funded = anEngagement({ role: 'freelancer', milestones: [aMilestone({ status: 'funded', status_label: 'Funded, held in escrow', payment_instructions: null, next_step: 'Funded: do the work.' })] });
    const { user, requests } = open({
      'GET /api/engagements/12/': { body: funded },
      'POST /api/engagements/milestones/31/deliver/': { body: anEngagement({ role: 'freelancer', milestones: [aMilestone({ status: 'delivered', status_label: 'Delivered: waiting for approval', payment_instructions: null })] }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Mark delivered' }));
    await user.type(screen.getByLabelText(/What you delivered/), 'Three sketches.');
    await user.click(within(screen.getByRole('form', { name: 'Mark delivered: Sketches' })).getByRole('button', { name: 'Mark delivered' }));
    expect(await screen.findByText('Delivered: waiting for approval')).toBeInTheDocument();
    expect(jsonOf(requests.find((r) => r.path === '/api/engagements/milestones/31/deliver/'))).toEqual({ note: 'Three sketches.' });
  });

  it('shows the conversation and sends a message', async () => {
    const { user, requests } = open({
      'GET /api/engagements/12/': { body: anEngagement() },
      'GET /api/engagements/12/messages/': { body: [{ id: 1, sender: { id: 9, first_name: 'Grace', last_name: 'Hopper' }, mine: false, body: 'Call me on [hidden until the first milestone is funded]', attachment: { file_name: 'brief.pdf', content_type: 'application/pdf', size: 2048, url: '/storage/object/x?sig=1' }, created_at: '2029-12-01T10:00:00.000Z' }] },
      'POST /api/engagements/12/messages/': { status: 201, body: { id: 2, sender: { id: 7, first_name: 'Ada', last_name: 'Lovelace' }, mine: true, body: 'Hello', attachment: null, created_at: '2029-12-01T11:00:00.000Z' } },
    });
    expect(await screen.findByText(/Call me on/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'brief.pdf' })).toHaveAttribute('href', '/storage/object/x?sig=1');
    expect(screen.getByText(/are hidden until the first milestone is funded/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(jsonOf(await waitForRequest(requests, '/api/engagements/12/messages/'))).toEqual({ body: 'Hello' });
  });

  it('uploads an attached file to storage, then sends the message naming its key', async () => {
    const { user, requests } = open({
      'GET /api/engagements/12/': { body: anEngagement() },
      'POST /api/engagements/12/attachments/': { body: { url: '/storage/upload', fields: { key: 'engagements/12/7/abc-logo.png', Policy: 'p' }, key: 'engagements/12/7/abc-logo.png' } },
      'POST /storage/upload': { status: 204 },
      'POST /api/engagements/12/messages/': { status: 201, body: { id: 3, sender: { id: 7, first_name: 'Ada', last_name: 'Lovelace' }, mine: true, body: '', attachment: null, created_at: '2029-12-01T11:00:00.000Z' } },
    });
    await screen.findByRole('heading', { level: 1, name: 'A logo' });
    await user.upload(screen.getByLabelText('Attach a file'), new File(['png'], 'logo.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(jsonOf(await waitForRequest(requests, '/api/engagements/12/messages/'))).toEqual({ body: '', attachment: { key: 'engagements/12/7/abc-logo.png', file_name: 'logo.png' } });
    expect(jsonOf(requests.find((r) => r.path === '/api/engagements/12/attachments/'))).toEqual({ file_name: 'logo.png', content_type: 'image/png', size: 3 });
  });

  it('says so when the engagement is not the viewer’s', async () => {
    open({ 'GET /api/engagements/12/': { status: 404, body: { detail: em.notFound } } });
    expect(await screen.findByText(/This request does not exist, or it is not yours/)).toBeInTheDocument();
  });
});

function waitForRequest(requests: { method: string; path: string }[], path: string) {
  return waitFor(() => {
    const found = requests.find((r) => r.method === 'POST' && r.path === path);
    if (!found) throw new Error(`no POST ${path}`);
    return found as Parameters<typeof jsonOf>[0];
  });
}
