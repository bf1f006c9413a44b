/**
 * The words of /contact (apps/web/src/features/contact/routes/contact.tsx says the same): how to
 * reach our team. The address itself is a setting (SUPPORT_EMAIL), given by the server.
 */
export const contactContent = {
  title: 'Contact us',
  subtitle: 'Our team answers within one working day.',
  metaDescription: 'How to reach the Domain Market team: our e-mail address, and what to include about a payment or a deal that went wrong.',
  emailHeading: 'E-mail',
  sections: [
    {
      heading: 'Paying for an order or a milestone',
      text: 'Quote the payment reference shown on the order or milestone page in every message and in your bank transfer, so we can match it at once.',
    },
    {
      heading: 'Something went wrong in a deal',
      text: 'Open a dispute on the order or milestone page: our team reads it, decides and tells both parties. Write to us for anything else.',
    },
  ],
} as const;
