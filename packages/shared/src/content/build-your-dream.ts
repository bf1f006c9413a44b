import { marketplaceFacts as f } from './facts.js';
import type { StaticPageContent } from './types.js';

export const buildYourDreamPage: StaticPageContent = {
  path: '/build-your-dream',
  title: 'Build Your Dream',
  metaDescription: `Pitch your startup to a domain owner as a Startup Breeder, and build it with certified freelancers. Budgets above ${f.breederThreshold}.`,
  layout: 'article',
  intro: [
    'A great name is the start of a business, not the end of one. Build Your Dream is how founders, domain owners and freelancers on our marketplace turn a domain into a company.',
  ],
  sections: [
    {
      id: 'startup-breeders',
      heading: 'Startup Breeders: partner with a domain owner',
      paragraphs: [
        'Some sellers would rather back a good idea than sell their domain outright. Their domains carry the "Pitch to Us" option under Startup Breeders. Instead of paying the full price up front, you propose a partnership: what you will build, how you will fund it and what the owner receives in return.',
        f.breederSentence,
      ],
    },
    {
      id: 'pitch',
      heading: 'How to pitch',
      paragraphs: ['A strong pitch is short and specific:'],
      bullets: [
        'Find a domain listed under Startup Breeders, from search or from the sponsored headlines on our home page.',
        `Record a short video pitch (files up to ${f.uploadLimit}) and upload it from the domain\u2019s page. Say what the product is, who it is for, and why this name fits it.`,
        'Send your budget offer. The owner reviews your pitch in My Stable and accepts, declines or replies with questions.',
        'Agree the terms in writing. Our team can help both sides shape the agreement.',
      ],
    },
    {
      id: 'build',
      heading: 'Build with the network',
      paragraphs: [
        'Once you have the name, you need people. Our freelancer network includes certified domain consultants and builders who have passed our skills tests: valuation, negotiation, trademark screening, DNS set-up and landing pages. Every badge on a freelancer\u2019s profile is a test they passed with us.',
        'Post your project on our jobs board: describe the work, your budget and your deadline, and freelancers apply with a price and a delivery time. Hire one and their proposal becomes an engagement, paid milestone by milestone through escrow.',
      ],
    },
    {
      id: 'owners',
      heading: 'For domain owners',
      paragraphs: [
        'Turn on Startup Breeders for any domain in your portfolio to receive pitches alongside ordinary offers. You decide which founders to talk to, and nothing is agreed until you accept.',
        f.approvalSentence,
      ],
    },
  ],
  callToAction: {
    heading: 'Have an idea that needs a name?',
    text: 'Browse Startup Breeder domains or create an account to send your first pitch.',
    links: [
      { label: 'Post a project', href: '/jobs/new' },
      { label: 'See Startup Breeder domains', href: '/sponsored/startup-breeders' },
      { label: 'Create an account', href: '/register' },
    ],
  },
};
