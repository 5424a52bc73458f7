import { formatCents } from '@bazaar/common/format';
import { documentTitle } from '@bazaar/common/page-meta';
import { paths } from '@bazaar/common/site-paths';

/**
 * The pages a payment popup shows outside the single-page app: the demo provider's payment
 * page, and where a provider sends the buyer back. Plain HTML and forms (the CSP allows no
 * inline script); the page that opened the popup learns the outcome from the server.
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px 16px;
    font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;
    background:#f5f6fb;color:#1e2235;-webkit-font-smoothing:antialiased}
  main{width:100%;max-width:440px;background:#fff;border:1px solid #e3e5ee;border-radius:16px;
    box-shadow:0 10px 30px rgba(30,34,53,.08);padding:28px}
  .brand{display:flex;align-items:center;gap:8px;font-weight:700;font-size:15px;margin-bottom:20px}
  .brand .logo{display:inline-flex;width:28px;height:28px;border-radius:8px;background:#4338ca;color:#fff;
    align-items:center;justify-content:center;font-size:14px}
  .tag{margin-left:auto;font-size:11px;font-weight:600;text-transform:uppercase;letter-spacing:.05em;
    background:#fef3c7;color:#92400e;border-radius:999px;padding:3px 8px}
  h1{font-size:22px;margin:0 0 4px}
  .muted{color:#5b6178;font-size:14px;line-height:1.5;margin:0}
  dl{margin:20px 0;border-top:1px solid #e3e5ee}
  dl div{display:flex;justify-content:space-between;padding:10px 0;border-bottom:1px solid #e3e5ee;font-size:14px}
  dt{color:#5b6178} dd{margin:0;font-weight:600}
  .total dt,.total dd{color:#1e2235;font-size:16px;font-weight:700}
  button,.button{display:block;width:100%;border:0;border-radius:10px;padding:12px 16px;font:inherit;
    font-size:15px;font-weight:600;cursor:pointer;text-align:center;text-decoration:none}
  .primary{background:#4338ca;color:#fff} .primary:hover{background:#3730a3}
  .secondary{background:#fff;color:#1e2235;border:1px solid #d5d8e4;margin-top:10px} .secondary:hover{background:#f1f2f8}
  button:focus-visible,.button:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}
  .note{margin-top:18px;font-size:12px;color:#6b7089;line-height:1.5}
  .status{font-size:40px;line-height:1;margin-bottom:12px}
`;

export function page(
  title: string,
  body: string,
  options: { refreshSeconds?: number; isDemo?: boolean } = {},
): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${options.refreshSeconds ? `<meta http-equiv="refresh" content="${options.refreshSeconds}">` : ''}
<title>${escapeHtml(documentTitle(title))}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="brand"><span class="logo" aria-hidden="true">B</span>Bazaar${options.isDemo ? '<span class="tag">Demo payment</span>' : ''}</div>
${body}
</main>
</body>
</html>`;
}

export interface DemoCheckoutView {
  id: string;
  /** What is bought: its name, how it is billed ("monthly", "7 days") and a line about it. */
  item: { name: string; term: string; summary: string };
  priceCents: number;
  creditCents: number;
  amountCents: number;
  replacesPlanName: string | null;
}

/** The demo provider's payment page: what is bought, what is due, and Pay or Cancel. */
export function renderDemoPaymentPage(checkout: DemoCheckoutView): string {
  const rows = [
    `<div><dt>${escapeHtml(checkout.item.name)} · ${escapeHtml(checkout.item.term)}</dt><dd>${formatCents(checkout.priceCents)}</dd></div>`,
    checkout.creditCents > 0
      ? `<div><dt>Credit for unused ${escapeHtml(checkout.replacesPlanName ?? 'plan')} days</dt><dd>−${formatCents(checkout.creditCents)}</dd></div>`
      : '',
    `<div class="total"><dt>Due today</dt><dd>${formatCents(checkout.amountCents)}</dd></div>`,
  ].join('');
  return page(
    `Pay for ${checkout.item.name}`,
    `<h1>${escapeHtml(checkout.item.name)}</h1>
<p class="muted">${escapeHtml(checkout.item.summary)}</p>
<dl>${rows}</dl>
<form method="post" action="/checkout/demo/${checkout.id}/pay">
<button type="submit" class="primary">Pay ${formatCents(checkout.amountCents)}</button>
</form>
<form method="post" action="/checkout/demo/${checkout.id}/cancel">
<button type="submit" class="secondary">Cancel payment</button>
</form>
<p class="note">This is Bazaar's demo payment provider, standing in for a real one: no card is needed and no
money is charged. Paying sends a signed payment event to Bazaar, and what you bought takes effect once Bazaar
has verified it.</p>`,
    { isDemo: true },
  );
}

export type CheckoutOutcomeView =
  | { kind: 'paid'; message: string }
  | { kind: 'pending' }
  | { kind: 'cancelled' }
  | { kind: 'failed' }
  | { kind: 'expired' }
  | { kind: 'not-found' }
  | { kind: 'sign-in' }
  | { kind: 'forbidden' };

/** Where the popup ends up; the page that opened it closes it once the server knows. */
export function renderCheckoutOutcomePage(view: CheckoutOutcomeView): string {
  const close = '<p class="muted">You can close this window.</p>';
  const back = `<p class="note"><a href="${paths.dashboard}">Back to your dashboard</a></p>`;
  switch (view.kind) {
    case 'paid':
      return page(
        'Payment successful',
        `<div class="status" aria-hidden="true">🎉</div><h1>Payment successful</h1>
<p class="muted">${escapeHtml(view.message)}</p>${close}${back}`,
      );
    case 'pending':
      return page(
        'Confirming your payment',
        `<h1>Confirming your payment…</h1>
<p class="muted">We are waiting for the payment provider to confirm your payment. This page updates by itself.</p>`,
        { refreshSeconds: 2 },
      );
    case 'cancelled':
      return page(
        'Payment cancelled',
        `<h1>Payment cancelled</h1><p class="muted">Nothing was charged.</p>${close}${back}`,
      );
    case 'failed':
      return page(
        'Payment failed',
        `<h1>Payment failed</h1><p class="muted">There was an error processing your payment. Please try again.</p>${close}${back}`,
      );
    case 'expired':
      return page(
        'Checkout expired',
        `<h1>This checkout has expired</h1><p class="muted">Nothing was charged. Please start again.</p>${back}`,
      );
    case 'not-found':
      return page(
        'Checkout not found',
        `<h1>Checkout not found</h1><p class="muted">There is no such checkout.</p>${back}`,
      );
    case 'sign-in':
      return page(
        'Login Required',
        `<h1>Login Required</h1><p class="muted">Please login to subscribe to a plan.</p>
<p class="note"><a href="${paths.login}">Login</a></p>`,
      );
    case 'forbidden':
      return page(
        'Request refused',
        `<h1>Request refused</h1><p class="muted">Requests from other sites are not accepted.</p>`,
      );
  }
}
