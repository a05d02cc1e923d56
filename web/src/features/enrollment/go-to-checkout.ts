/**
 * Leave the app for the payment provider's hosted checkout (a full page load: Stripe Checkout or the
 * built-in test checkout are not routes of this app). One function so tests can stand in for it.
 */
export function goToCheckout(checkoutUrl: string): void {
  window.location.assign(checkoutUrl);
}
