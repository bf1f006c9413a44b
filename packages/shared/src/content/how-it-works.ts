import { marketplaceFacts as f } from './facts.js';
import type { StaticPageContent } from './types.js';

export const howItWorksPage: StaticPageContent = {
  path: '/how-it-works',
  title: 'How It Works',
  metaDescription: `List, price, buy and negotiate domain names on ${f.siteName}: reviewed listings, Buy Now under ${f.buyNowThreshold}, brokers above ${f.brokerThreshold} and a flat ${f.commission} commission.`,
  layout: 'article',
  intro: [
    `${f.siteName} is a marketplace for domain names and a network of the freelancers who help people buy, sell and build on them. The same rules apply to every listing, and you can see every fee before you agree to a deal.`,
  ],
  sections: [
    {
      id: 'account',
      heading: '1. Create your account',
      paragraphs: [
        'Sign up with your e-mail address or a supported social login and tell us what brings you here: searching the marketplace, working as a freelancer, buying domains or selling them. You can change this later in your profile.',
        `You must be at least ${f.minimumAge} years old to use the marketplace.`,
      ],
    },
    {
      id: 'list',
      heading: '2. List your domains',
      paragraphs: [
        'Sellers add domains from My Stable by typing or pasting a list, or by importing a text, CSV or spreadsheet file. Point each domain\u2019s nameservers at ours and the domain gets its own fast landing page, shown both on the marketplace and on the domain itself. Nameserver changes can take up to 24 hours to reach everyone.',
        f.approvalSentence,
      ],
    },
    {
      id: 'price',
      heading: '3. Choose how each domain is sold',
      paragraphs: ['Each domain can be offered in one or more of these ways:'],
      bullets: [
        `Buy Now: a fixed price the buyer pays straight away. ${f.buyNowSentence}`,
        'Price upon request, Enquire or Get Price: buyers contact you and you negotiate; you can set a minimum offer below which offers are refused.',
        'Trade: list the domain for a trade in the 3, 4 or 5 figure range.',
        `Startup Breeders ("Pitch to Us"): founders pitch a business they would build on your domain and propose a partnership. ${f.breederSentence}`,
      ],
    },
    {
      id: 'buy',
      heading: '4. Buy and negotiate',
      paragraphs: [
        'Buyers search by name, extension, price, length and listing type, then buy at the Buy Now price or make an offer. The seller can accept or counter, and every offer stays open for ' +
          `${f.offerValidity}. Both sides follow each negotiation on its own page in My Stable and are notified of every new step.`,
        `${f.brokerSentence} A broker from our team then handles the negotiation and the transfer for both sides.`,
      ],
    },
    {
      id: 'fees',
      heading: '5. Fees',
      paragraphs: [f.commissionSentence, f.commissionExample, 'Both figures are shown before you accept an offer or place a Buy Now order.'],
    },
    {
      id: 'promote',
      heading: '6. Promote with sponsored headlines',
      paragraphs: [
        `Sellers can place approved domains in the sponsored headlines on our home page and sponsored pages. Each listing costs ${f.sponsoredPrices.buyNow} in Buy Now, ${f.sponsoredPrices.trade} in Domain trade and ${f.sponsoredPrices.startupBreeders} in Startup Breeders, and a domain can only be sponsored in a category it is listed in.`,
      ],
    },
    {
      id: 'trademarks',
      heading: '7. Trademarks',
      paragraphs: [f.trademarkSentence, 'If you believe a listing infringes your trademark, tell us and we will review it promptly.'],
    },
  ],
  callToAction: {
    heading: 'Ready to start?',
    text: 'Search the marketplace or create an account to list your own domains.',
    links: [
      { label: 'Search domains', href: '/homeSearch' },
      { label: 'Create an account', href: '/register' },
    ],
  },
};
