import { marketplaceFacts as f } from './facts.js';
import type { StaticPageContent } from './types.js';

/** The legal facts of the terms (docs/product.md section 5), kept apart so a change is made in one place. */
export const termsFacts = {
  lastUpdated: 'April 18, 2022',
  companyCountry: f.companyCountry,
  minimumAge: f.minimumAge,
  informalNegotiationDays: 15,
  liabilityLookbackMonths: 1,
  arbitrationSeat: 'Dublin',
  arbitrationLanguage: 'English',
  governingLaw: 'Irish law',
} as const;

const t = termsFacts;
const months = t.liabilityLookbackMonths === 1 ? 'one (1) month' : `${t.liabilityLookbackMonths} months`;

export const termsAndConditionsPage: StaticPageContent = {
  path: '/terms-and-conditions',
  title: 'Terms and Conditions',
  metaDescription: `The terms of use of ${f.siteName}: eligibility (${t.minimumAge}+), listings and approval, fees, trademarks, liability, and arbitration in ${t.arbitrationSeat} under ${t.governingLaw}.`,
  layout: 'accordion',
  lastUpdated: `Last updated ${t.lastUpdated}`,
  intro: [
    `These terms are a legally binding agreement between you and the company that operates ${f.siteName} ("we", "us", "our"), a company registered in ${t.companyCountry}. Please read them carefully: by using the marketplace you accept them.`,
  ],
  sections: [
    {
      id: 'agreement',
      heading: '1. Agreement to terms',
      paragraphs: [
        `By creating an account, listing a domain, making an offer or otherwise using ${f.siteName} (the "Services"), you agree to these terms and to our Privacy Policy. If you do not agree, you must not use the Services.`,
        'We may update these terms. The date at the top of this page shows when they last changed; continuing to use the Services after a change means you accept the updated terms.',
      ],
    },
    {
      id: 'eligibility',
      heading: '2. Eligibility',
      paragraphs: [
        `You must be at least ${t.minimumAge} years old to use the Services. By using them you confirm that you are ${t.minimumAge} or older and have the legal capacity to enter into this agreement. If you act for a company, you confirm that you may bind it to these terms.`,
      ],
    },
    {
      id: 'accounts',
      heading: '3. Your account',
      paragraphs: [
        'You must give accurate information when you register and keep it up to date. You are responsible for keeping your password secret and for everything done through your account. Tell us at once if you suspect unauthorised use; you can sign out of all other sessions from Settings.',
      ],
    },
    {
      id: 'listings',
      heading: '4. Listings and approval',
      paragraphs: [
        f.approvalSentence + ' We may refuse, suspend or remove any listing that breaks these terms or the law.',
        'You may list only domains you own or are authorised to sell, and you must describe them honestly. You must keep a listing\u2019s price and availability accurate and withdraw it as soon as the domain is no longer available.',
      ],
    },
    {
      id: 'pricing-and-fees',
      heading: '5. Pricing, offers and fees',
      paragraphs: [
        f.buyNowSentence,
        `Offers and counter offers are binding when accepted and expire after ${f.offerValidity}. ${f.brokerSentence} ${f.breederSentence}`,
        f.commissionSentence,
        'Sponsored headlines are paid in advance at the prices shown when you order them and are not refundable once they have started running.',
      ],
    },
    {
      id: 'trademarks',
      heading: '6. Intellectual property and trademark policy',
      paragraphs: [
        'You must not list, buy or promote a domain in a way that infringes anyone\u2019s trademark or other rights.',
        f.trademarkSentence,
        'The marketplace software, design and content are our property or licensed to us. You may not copy or reuse them except as the Services allow.',
      ],
    },
    {
      id: 'user-content',
      heading: '7. Your content',
      paragraphs: [
        'You keep ownership of the content you submit, such as listings and video pitches. You grant us a non-exclusive, worldwide, royalty-free licence to host, display and share it as needed to provide the Services, for example showing your video pitch to the owner of the domain you pitched for.',
      ],
    },
    {
      id: 'prohibited',
      heading: '8. Prohibited activities',
      paragraphs: ['You must not:'],
      bullets: [
        'make offers you do not intend to honour, or bid on your own domains;',
        'arrange to complete a deal found on the marketplace outside it to avoid the commission;',
        'upload unlawful, misleading or harmful content, or content you have no right to share;',
        'interfere with the Services, probe their security or collect data from them by automated means without our permission;',
        'impersonate anyone or misrepresent your authority over a domain.',
      ],
    },
    {
      id: 'termination',
      heading: '9. Suspension and termination',
      paragraphs: [
        'You may close your account at any time. We may suspend or close an account that breaks these terms, including under our trademark policy. Obligations from deals already agreed survive closure.',
      ],
    },
    {
      id: 'disclaimer',
      heading: '10. Disclaimer',
      paragraphs: [
        'The Services are provided "as is" and "as available". Valuations, consultant advice and statistics are guidance, not guarantees. We do not guarantee that a domain will sell, reach a particular price, or remain free of third-party claims. Nothing in these terms limits rights you have as a consumer that cannot lawfully be limited.',
      ],
    },
    {
      id: 'liability',
      heading: '11. Limitation of liability',
      paragraphs: [
        `To the fullest extent the law allows, we are not liable for indirect, incidental, special or consequential loss, or for loss of profit, revenue or data. Our total liability to you for any claim is limited to the amount you paid to us during the ${months} before the event giving rise to the claim.`,
        'Nothing in these terms excludes liability for death or personal injury caused by negligence, for fraud, or for anything else that cannot be excluded under Irish law.',
      ],
    },
    {
      id: 'indemnity',
      heading: '12. Indemnity',
      paragraphs: [
        'You agree to indemnify us against claims, losses and costs arising from your breach of these terms or from content you submit, including claims that a domain you listed infringes someone\u2019s rights.',
      ],
    },
    {
      id: 'disputes',
      heading: '13. Dispute resolution',
      paragraphs: [
        `Informal negotiations. To resolve a dispute quickly and at low cost, you and we agree to first try to negotiate it informally for at least ${t.informalNegotiationDays} days before starting arbitration. The negotiation begins when one side gives the other written notice of the dispute.`,
        `Binding arbitration. A dispute that is not resolved by informal negotiation will be finally resolved by arbitration. The seat of arbitration is ${t.arbitrationSeat}, Ireland, the language of the proceedings is ${t.arbitrationLanguage}, and the governing law is ${t.governingLaw}.`,
        'Either side may still ask a court for urgent interim relief, and consumers keep any right they have to bring a claim in the courts of the country where they live.',
      ],
    },
    {
      id: 'governing-law',
      heading: '14. Governing law',
      paragraphs: [`These terms and any dispute arising from them are governed by ${t.governingLaw}.`],
    },
    {
      id: 'general',
      heading: '15. General',
      paragraphs: [
        'If any part of these terms is found unenforceable, the rest remains in force. Our failure to enforce a right is not a waiver of it. You may not transfer your rights under these terms without our consent. These terms and our Privacy Policy are the entire agreement between you and us about the Services.',
      ],
    },
    {
      id: 'contact',
      heading: '16. Contact',
      paragraphs: ['Questions about these terms can be sent to us through the community channels linked at the top of every page.'],
    },
  ],
};
