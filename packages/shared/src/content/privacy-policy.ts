import { marketplaceFacts as f } from './facts.js';
import type { StaticPageContent } from './types.js';

export const privacyPolicyPage: StaticPageContent = {
  path: '/privacy-policy',
  title: 'Privacy Policy',
  metaDescription: `How ${f.siteName} collects, uses and protects your personal data, your rights under the GDPR, and how to contact us.`,
  layout: 'article',
  intro: [
    `This policy explains what personal data ${f.siteName} collects when you use the marketplace, why we collect it, who we share it with and the rights you have. The company that operates ${f.siteName} is registered in ${f.companyCountry} and is the controller of your personal data under the General Data Protection Regulation (GDPR).`,
  ],
  sections: [
    {
      id: 'data-we-collect',
      heading: 'Data we collect',
      paragraphs: ['We collect only what we need to run the marketplace:'],
      bullets: [
        'Account data: your first and last name, e-mail address, country, the role you chose at sign-up and, for password accounts, a one-way hash of your password (we never store the password itself). If you sign in with a social login provider, we receive your name and e-mail address from that provider.',
        'Listing data: the domains you import, their prices and sales options, and the approval status of each.',
        'Deal data: leads, offers, counter offers, orders and the messages attached to them.',
        'Video pitches: the files you upload and their review status.',
        'Usage data: the domains you view, visits to your landing pages, and technical logs (IP address, browser type, time of request) kept to secure the service.',
        'Newsletter data: the e-mail address you enter in the subscribe box.',
      ],
    },
    {
      id: 'how-we-use',
      heading: 'How we use your data and our legal bases',
      paragraphs: [
        'We use account, listing, deal and video data to provide the marketplace to you: to show your listings, run negotiations and orders, and notify you of new steps. The legal basis is the performance of our contract with you.',
        'We use usage data and logs to keep the service secure, prevent fraud and abuse, and improve the marketplace. The legal basis is our legitimate interest in running a safe and useful service.',
        'We send the newsletter only to addresses that subscribed, on the basis of your consent, which you can withdraw at any time.',
        'We keep records required by law, such as records of completed sales, on the basis of our legal obligations.',
      ],
    },
    {
      id: 'sharing',
      heading: 'Who can see your data',
      paragraphs: [
        'Public landing pages show a domain\u2019s details and the seller\u2019s first and last name, never their e-mail address. In a negotiation, the buyer and the seller see each other\u2019s offers on that domain. Our administrators see what they need to review listings and video pitches.',
        'We use service providers for hosting, file storage and e-mail delivery. They process data only on our instructions and under written agreements. We do not sell your personal data.',
        'Where a provider processes data outside the European Economic Area, we rely on an adequacy decision or the European Commission\u2019s standard contractual clauses.',
      ],
    },
    {
      id: 'storage-on-your-device',
      heading: 'Data stored on your device',
      paragraphs: [
        'The web app keeps your sign-in session and your last search in your browser\u2019s local storage so that you stay signed in and your search is remembered. Signing out removes the session. One cookie, which ends when you close the browser, remembers that you have seen the home page\u2019s short intro so it is not shown again. We do not use advertising or tracking cookies.',
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep data',
      paragraphs: [
        'We keep your account data while your account is open. When you close your account we delete or anonymise your personal data, except records we must keep by law, which we keep only for the period the law requires. Newsletter addresses are deleted when you unsubscribe. Security logs are kept for a limited period and then deleted.',
      ],
    },
    {
      id: 'security',
      heading: 'Security',
      paragraphs: [
        'Passwords are stored as salted one-way hashes. Sessions use random tokens that expire and are revoked when you sign out, and you can sign out of all your other sessions from Settings. Connections to the marketplace are encrypted.',
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      paragraphs: ['Under the GDPR you have the right to:'],
      bullets: [
        'access the personal data we hold about you and receive a copy of it;',
        'have inaccurate data corrected (most of it you can edit yourself in your profile);',
        'have your data erased, or its processing restricted, where the law allows;',
        'receive your data in a portable format;',
        'object to processing based on our legitimate interests;',
        'withdraw your consent to the newsletter at any time;',
        'lodge a complaint with the Data Protection Commission in Ireland or the supervisory authority where you live.',
      ],
    },
    {
      id: 'children',
      heading: 'Age limit',
      paragraphs: [
        `The marketplace is for people aged ${f.minimumAge} or older. We do not knowingly collect data from anyone younger; if we learn that we have, we delete it.`,
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      paragraphs: ['When we change this policy we update this page, and for significant changes we tell signed-up users by e-mail before the change applies.'],
    },
    {
      id: 'contact',
      heading: 'Contact',
      paragraphs: [
        'To exercise your rights or ask about this policy, contact us through the community channels linked at the top of every page. We answer requests within one month, as the GDPR requires.',
      ],
    },
  ],
};
