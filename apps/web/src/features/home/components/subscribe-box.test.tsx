import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settingsMessages, validationMessages } from '@market/shared';
import { mockFetch } from '@/testing/mock-fetch';
import { renderRoute } from '@/testing/test-utils';
import { allowForBusyMachine } from '@/testing/patience';
import { SubscribeBox } from './subscribe-box';

allowForBusyMachine();

const label = 'Your e-mail address';

describe('subscribe box', () => {
  it('requires an e-mail and checks it with the shared rule, sending nothing until it is valid', async () => {
    const { requests } = mockFetch({});
    const { user } = renderRoute(<SubscribeBox />);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(validationMessages.emailRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(label)).toHaveFocus();

    // Typing clears the error.
    await user.type(screen.getByLabelText(label), 'not-an-email');
    expect(screen.queryByText(validationMessages.emailRequired)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(validationMessages.emailInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);
  });

  it('posts the address and shows the confirmation from the server', async () => {
    const { requests } = mockFetch({
      'POST /api/subscribe/': { body: { status: 'OK', message: settingsMessages.subscribed } },
    });
    const { user } = renderRoute(<SubscribeBox />);
    await user.type(screen.getByLabelText(label), '  reader@example.com ');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(settingsMessages.subscribed)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(settingsMessages.subscribed);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toEqual({ email: 'reader@example.com' });
    // Public call: no session token attached.
    expect(requests[0]?.headers.Authorization).toBeUndefined();
    await waitFor(() => expect(screen.getByLabelText(label)).toHaveValue(''));
  });

  it("shows the server's field error under the field, and a failure in words", async () => {
    let reply = { status: 400, body: { email: ['Email is invalid'] } as unknown };
    mockFetch({ 'POST /api/subscribe/': () => reply });
    const { user } = renderRoute(<SubscribeBox />);
    await user.type(screen.getByLabelText(label), 'reader@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();

    reply = { status: 500, body: { detail: 'Server Error' } };
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(/could not subscribe you/)).toBeInTheDocument();
  });

  it('links to the privacy policy', () => {
    mockFetch({});
    renderRoute(<SubscribeBox />);
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy-policy');
  });
});
