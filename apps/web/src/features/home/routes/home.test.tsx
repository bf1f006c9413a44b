import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { homeContent, INTRO_SEEN_COOKIE, STATIC_STAR_RATING } from '@market/shared';
import { mockFetch } from '@/testing/mock-fetch';
import { renderRoute } from '@/testing/test-utils';
import { SLIDE_INTERVAL_MS } from '../components/certification-slider';
import { allowForBusyMachine } from '@/testing/patience';
import { aDomain } from '@/features/portfolio/testing/fixtures';
import { restoreMatchMediaAfterEach, stubReducedMotion } from '../testing/match-media';
import HomeRoute from './home';
import { aFreelancer } from '@/features/freelancers/testing/fixtures';

allowForBusyMachine();
restoreMatchMediaAfterEach();

const headline = (id: number, category: 'Buy Now' | 'Trade Domains' | 'Startup Breeders', name: string, price = 0) => ({
  id,
  category_obj: { id: 1, name: category, advertisement_price: 5 },
  domain_obj: aDomain({ id: 100 + id, domain_name: name, seller_price: price, business_status_label: 'Buy Now', trade_option: null, user: { id: 9, first_name: 'Sam', last_name: 'Seller' } }),
  advertisement_price: 5,
  created_at: '2026-01-01T00:00:00.000Z',
  ends_at: '2026-01-31T00:00:00.000Z',
});

const emptyShowcase = { badges: [], certifications: [], consultant: null };

function openHome(at = '/', showcase: unknown = emptyShowcase) {
  stubReducedMotion(true);
  mockFetch({
    'GET /api/freelancers/showcase/': { body: showcase },
    'GET /api/domains/sponsored-headlines/': {
      body: [headline(1, 'Buy Now', 'buy-me.com', 2500), headline(2, 'Trade Domains', 'swap.io'), headline(3, 'Startup Breeders', 'grow.ai')],
    },
  });
  return renderRoute(<HomeRoute />, { at });
}

describe('home showcase', () => {
  it('shows the about section, badges, certifications and the consultant card from the content file', async () => {
    openHome();
    expect(screen.getByRole('heading', { level: 1, name: homeContent.hero.heading })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: homeContent.about.heading })).toBeInTheDocument();
    expect(screen.getByText('10%')).toBeInTheDocument();

    const badges = screen.getByRole('region', { name: homeContent.badges.heading });
    expect(within(badges).getAllByRole('listitem')).toHaveLength(homeContent.badges.items.length);

    const consultant = screen.getByRole('region', { name: homeContent.consultant.heading });
    expect(within(consultant).getByRole('img', { name: homeContent.consultant.ratingLabel })).toBeInTheDocument();
    expect(homeContent.consultant.ratingLabel).toContain(`${STATIC_STAR_RATING} of 5`);
    expect(document.title).toBe('Domain Market');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', homeContent.metaDescription);
  });

  it('shows the real holders of badges and certifications, and the best-rated certified freelancer as the consultant', async () => {
    const fay = { id: 7, name: 'Fay F.' };
    openHome('/', {
      badges: [{ badge: 'valuation', count: 4, holders: [fay] }],
      certifications: [{ certification: 'appraiser', count: 1, holders: [fay] }],
      consultant: aFreelancer({ certifications: ['appraiser', 'broker'], level: 2, rating: 4.9, completed_engagements: 12 }),
    });
    const consultant = screen.getByRole('region', { name: homeContent.consultant.heading });
    expect(await within(consultant).findByRole('link', { name: 'Fay F.' })).toHaveAttribute('href', '/freelancers/7');
    expect(within(consultant).getByText('Level 2 of 5')).toBeInTheDocument();
    expect(within(consultant).getByText('4.9 of 5 stars from 12 reviewed engagements')).toBeInTheDocument();
    expect(within(consultant).getByText('Certified Domain Appraiser, Certified Domain Broker')).toBeInTheDocument();

    const badges = screen.getByRole('region', { name: homeContent.badges.heading });
    const valuation = within(badges).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(valuation).getByTestId('holders')).toHaveTextContent('Held by Fay F. and 3 more');
    expect(within(valuation).getByRole('link', { name: '3 more' })).toHaveAttribute('href', '/freelancers?badge=valuation');
    // A badge nobody holds yet keeps only its description.
    expect(within(within(badges).getAllByRole('listitem')[1] as HTMLElement).queryByTestId('holders')).toBeNull();

    const slide = screen.getAllByRole('group').find((g) => !g.hidden) as HTMLElement;
    expect(within(slide).getByTestId('holders')).toHaveTextContent('Held by Fay F. · see all');
  });

  it('shows the live sponsored headlines at the #sponsored anchor, three columns linking to landing pages', async () => {
    openHome();
    const section = document.getElementById('sponsored');
    expect(section).not.toBeNull();
    const table = await within(section as HTMLElement).findByRole('table', { name: 'Sponsored headlines' });
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Domain trade', 'Buy Now', 'Startup Breeders']);
    expect(await within(table).findByRole('link', { name: 'buy-me.com' })).toHaveAttribute('href', '/landing/101');
    expect(within(table).getByRole('link', { name: 'swap.io' })).toHaveAttribute('href', '/landing/102');
    expect(within(table).getByRole('link', { name: 'grow.ai' })).toHaveAttribute('href', '/landing/103');
  });

  it('scrolls to and focuses the sponsored section for /#sponsored', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    openHome('/#sponsored');
    await vi.waitFor(() => expect(document.getElementById('sponsored')).toHaveFocus());
    expect(scrollIntoView).toHaveBeenCalled();
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });
});

describe('certification slider', () => {
  const slides = homeContent.certifications.slides;
  const current = () => screen.getAllByRole('group').find((g) => !g.hidden);

  it('moves with previous and next, wrapping around', async () => {
    const { user } = openHome();
    expect(current()).toHaveAccessibleName(`1 of ${slides.length}: ${slides[0]?.name}`);
    await user.click(screen.getByRole('button', { name: homeContent.certifications.nextLabel }));
    expect(current()).toHaveAccessibleName(`2 of ${slides.length}: ${slides[1]?.name}`);
    await user.click(screen.getByRole('button', { name: homeContent.certifications.previousLabel }));
    await user.click(screen.getByRole('button', { name: homeContent.certifications.previousLabel }));
    expect(current()).toHaveAccessibleName(`${slides.length} of ${slides.length}: ${slides.at(-1)?.name}`);
  });

  it('rotates on its own until paused', () => {
    vi.useFakeTimers();
    try {
      stubReducedMotion(false);
      document.cookie = `${INTRO_SEEN_COOKIE}=seen; path=/`;
      mockFetch({ 'GET /api/domains/sponsored-headlines/': { body: [] } });
      renderRoute(<HomeRoute />);
      const carousel = screen.getByRole('region', { name: homeContent.certifications.heading });
      expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
      act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS));
      expect(current()).toHaveAccessibleName(`2 of ${slides.length}: ${slides[1]?.name}`);

      act(() => screen.getByRole('button', { name: homeContent.certifications.pauseLabel }).click());
      expect(screen.getByRole('button', { name: homeContent.certifications.playLabel })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 3));
      expect(current()).toHaveAccessibleName(`2 of ${slides.length}: ${slides[1]?.name}`);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not rotate or offer a pause button when motion is reduced', () => {
    vi.useFakeTimers();
    try {
      openHome();
      expect(screen.queryByRole('button', { name: homeContent.certifications.pauseLabel })).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 2));
      expect(current()).toHaveAccessibleName(`1 of ${slides.length}: ${slides[0]?.name}`);
    } finally {
      vi.useRealTimers();
    }
  });
});
