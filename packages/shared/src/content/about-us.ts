import { marketplaceFacts as f } from './facts.js';
import type { StaticPageContent } from './types.js';

export const aboutUsPage: StaticPageContent = {
  path: '/about-us',
  title: 'About Us',
  metaDescription: `${f.siteName} is a domain-name marketplace and freelancer network registered in ${f.companyCountry}: reviewed listings, clear rules and one flat ${f.commission} commission.`,
  layout: 'article',
  intro: [
    `${f.siteName} is a marketplace for domain names and a network of the freelancers who help people buy, sell and build on them. The company behind it is registered in ${f.companyCountry}.`,
  ],
  sections: [
    {
      id: 'who-we-serve',
      heading: 'Who we serve',
      paragraphs: ['The marketplace is built for five kinds of people, and most of our users are more than one of them:'],
      bullets: [
        'Sellers and domain investors who want their portfolios seen by serious buyers.',
        'Buyers looking for the right name for a product, a brand or a portfolio.',
        'Traders who exchange domains in the 3, 4 and 5 figure ranges.',
        'Founders who would rather partner with a domain owner than pay the full price up front.',
        'Freelancers and consultants who value, broker, brand and build on domains.',
      ],
    },
    {
      id: 'how-we-work',
      heading: 'How we work',
      paragraphs: [
        f.approvalSentence,
        `Pricing follows the same thresholds for everyone. ${f.buyNowSentence} ${f.brokerSentence}`,
        f.commissionSentence,
        f.trademarkSentence,
      ],
    },
    {
      id: 'network',
      heading: 'Our freelancer network',
      paragraphs: [
        'Freelancers join the network by passing our skills tests. Each passed test earns a badge, and combinations of badges and supervised work lead to certifications such as Certified Domain Appraiser and Certified Domain Broker. Badges and certifications are awarded by us, so they mean the same thing on every profile.',
      ],
    },
    {
      id: 'contact',
      heading: 'Talk to us',
      paragraphs: [
        'Our community channels are linked at the top of every page. Signed-in users can also reach our broker team from any negotiation on a deal above ' +
          `${f.brokerThreshold}.`,
      ],
    },
  ],
  callToAction: {
    heading: 'See what is on offer',
    text: 'Browse the marketplace, or read how listing, pricing and fees work.',
    links: [
      { label: 'Search domains', href: '/homeSearch' },
      { label: 'How it works', href: '/how-it-works' },
    ],
  },
};
