// What other features and the app shell may use from hiring: the request dialog (for a
// freelancer's profile page) and the header's link with its unread count.
export { SendRequestDialog } from './components/send-request-dialog';
export { EngagementsLink } from './components/engagements-link';
// My Stable's hiring tabs read the same list.
export { useEngagements } from './api/get-engagements';
export { engagementKeys } from './api/engagement-keys';
export { EngagementRows } from './components/engagement-rows';
// My Stable's Reviews tab.
export { MyReviews } from './components/my-reviews';
