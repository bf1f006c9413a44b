import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { renderRoute } from '@/testing/test-utils';
import ContactRoute from './contact';

describe('contact page', () => {
  it('gives the support address as a mail link and says to quote the payment reference', async () => {
    mockFetch({ 'GET /api/site/contact/': { body: { support_email: 'help@market.test' } } });
    renderRoute(<ContactRoute />, { at: '/contact', path: '/contact' });
    expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'help@market.test' })).toHaveAttribute('href', 'mailto:help@market.test');
    expect(screen.getByText(/Quote the payment reference/)).toBeInTheDocument();
  });
});
