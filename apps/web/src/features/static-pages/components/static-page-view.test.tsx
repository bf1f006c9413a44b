import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { howItWorksPage, ourMissionPage, staticPages, termsAndConditionsPage } from '@market/shared';
import { allowForBusyMachine } from '@/testing/patience';
import { mockFetch } from '@/testing/mock-fetch';
import { renderRoute } from '@/testing/test-utils';
import { StaticPageView } from './static-page-view';

allowForBusyMachine();

describe('static pages', () => {
  it.each(staticPages.map((p) => [p.path, p] as const))('%s sets its title and meta description and shows its sections', (_path, page) => {
    mockFetch({});
    renderRoute(<StaticPageView page={page} />);
    expect(screen.getByRole('heading', { level: 1, name: page.title })).toBeInTheDocument();
    expect(document.title).toBe(`${page.title} | Domain Market`);
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', page.metaDescription);
    const index = screen.getByRole('navigation', { name: 'On this page' });
    expect(within(index).getAllByRole('link')).toHaveLength(page.sections.length);
    for (const section of page.sections) {
      expect(screen.getByRole('heading', { level: 2, name: section.heading })).toBeInTheDocument();
    }
  });

  it("states the marketing facts on How It Works and Our Mission's listing standard", () => {
    mockFetch({});
    const first = renderRoute(<StaticPageView page={howItWorksPage} />);
    expect(screen.getAllByText(/split 50\/50 between buyer and seller unless/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/under \$10,000 must carry a Buy Now price, and they take no offers/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/only for deals above \$50,000/).length).toBeGreaterThan(0);
    first.unmount();
    renderRoute(<StaticPageView page={ourMissionPage} />);
    expect(screen.getByText(/minimum values and quality will be required for listing/)).toBeInTheDocument();
  });

  it('shows the terms as an accordion: last updated date, sections folded until opened', async () => {
    mockFetch({});
    const { user } = renderRoute(<StaticPageView page={termsAndConditionsPage} />);
    expect(screen.getByText('Last updated April 18, 2022')).toBeInTheDocument();
    const disputes = screen.getByRole('button', { name: '13. Dispute resolution' });
    expect(disputes).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/The seat of arbitration is Dublin/)).not.toBeVisible();

    await user.click(disputes);
    expect(disputes).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/The seat of arbitration is Dublin/)).toBeVisible();
    expect(screen.getByText(/at least 15 days before starting arbitration/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Expand all sections' }));
    expect(screen.getByText(/at least 18 years old/)).toBeVisible();
    expect(screen.getByText(/during the one \(1\) month before/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Collapse all sections' })).toBeInTheDocument();
  });

  it('opens the section a link points at (/terms-and-conditions#disputes)', async () => {
    mockFetch({});
    renderRoute(<StaticPageView page={termsAndConditionsPage} />, { at: '/terms-and-conditions#disputes' });
    expect(await screen.findByRole('button', { name: '13. Dispute resolution', expanded: true })).toBeInTheDocument();
  });

  it('restores the site description when the page goes away', () => {
    mockFetch({});
    const meta = document.createElement('meta');
    meta.name = 'description';
    meta.content = 'Site default';
    document.head.appendChild(meta);
    const page = renderRoute(<StaticPageView page={ourMissionPage} />);
    expect(meta.content).toBe(ourMissionPage.metaDescription);
    page.unmount();
    expect(meta.content).toBe('Site default');
    meta.remove();
  });
});
