import { marketplaceFacts as f } from './facts.js';
import type { StaticPageContent } from './types.js';

export const ourMissionPage: StaticPageContent = {
  path: '/our-mission',
  title: 'Our Mission',
  metaDescription:
    'Our mission: a domain marketplace people can trust, with reviewed listings, fair and visible fees, and minimum values and quality required for listing.',
  layout: 'article',
  intro: [
    'Our mission is to make good domain names easier to find, fairer to trade and quicker to build on, for everyone from first-time founders to seasoned portfolio owners.',
  ],
  sections: [
    {
      id: 'trust',
      heading: 'A marketplace you can trust',
      paragraphs: [
        f.approvalSentence,
        f.trademarkSentence,
        'Buyers should be able to assume that a listed name is real, available and honestly described. That is the standard we review against.',
      ],
    },
    {
      id: 'quality',
      heading: 'Quality over quantity',
      paragraphs: [
        'A marketplace full of names nobody wants helps no one. As the marketplace grows, minimum values and quality will be required for listing, so that buyers spend their time on names worth considering and sellers\u2019 best domains are not buried.',
        'We will publish the standards before they apply and give sellers time to review their portfolios.',
      ],
    },
    {
      id: 'fair-fees',
      heading: 'Fair, visible fees',
      paragraphs: [f.commissionSentence, 'There are no hidden charges: the figures you agree in a negotiation are the figures you pay or receive, with the commission shown beside them.'],
    },
    {
      id: 'builders',
      heading: 'From name to business',
      paragraphs: [
        `Through Startup Breeders, founders can partner with domain owners instead of paying the full price up front, and our certified freelancers help turn the name into a working product. ${f.breederSentence}`,
      ],
    },
  ],
  callToAction: {
    heading: 'Build with us',
    text: 'List your domains, pitch your idea, or join the freelancer network.',
    links: [
      { label: 'Create an account', href: '/register' },
      { label: 'Build your dream', href: '/build-your-dream' },
    ],
  },
};
