import { PagePlaceholder } from '@/components/ui/page-placeholder';

// Built by a later task; until then the page says so instead of showing invented content.
export default function CheckoutRoute() {
  return <PagePlaceholder title="Checkout" />;
}
