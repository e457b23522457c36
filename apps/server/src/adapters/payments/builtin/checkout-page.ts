import { TEST_CARDS } from '@herald/contract/billing/test-cards';
import type { CardField } from '@herald/contract/billing/test-cards';
import type { SessionRow } from './builtin-payments';
import { escapeHtml } from '../../../lib/escape-html';

/**
 * One stylesheet, no script (the CSP allows inline style, never inline script): a single column that fits 360 px and
 * stays narrow at 1440 px, light and dark by prefers-color-scheme, visible focus, 44 px touch targets.
 */
const STYLE = `
:root { color-scheme: light dark; --bg:#f6f7f9; --card:#fff; --text:#1a1b1e; --muted:#495057; --border:#adb5bd;
  --accent:#1c5fd4; --accent-text:#fff; --error:#c92a2a; --error-bg:#fff5f5; }
@media (prefers-color-scheme: dark) { :root { --bg:#141517; --card:#1f2023; --text:#e9ecef; --muted:#c1c2c5;
  --border:#5c5f66; --accent:#74a8ff; --accent-text:#0b1a33; --error:#ff8787; --error-bg:#2c1a1a; } }
* { box-sizing: border-box; }
body { margin:0; font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif; background:var(--bg); color:var(--text); }
main { max-width:28rem; margin:0 auto; padding:1.5rem 1rem 3rem; }
.panel { background:var(--card); border:1px solid var(--border); border-radius:12px; padding:1.25rem; }
h1 { font-size:1.5rem; margin:0 0 .25rem; }
p { margin:.25rem 0 1rem; color:var(--muted); }
label { display:block; font-weight:600; margin:1rem 0 .25rem; }
input { width:100%; min-height:44px; padding:.5rem .75rem; font:inherit; color:inherit; background:var(--card);
  border:1px solid var(--border); border-radius:8px; }
input[aria-invalid="true"] { border-color:var(--error); border-width:2px; }
:focus-visible { outline:3px solid var(--accent); outline-offset:2px; }
.row { display:flex; gap:.75rem; } .row > div { flex:1; min-width:0; }
@media (max-width: 420px) { .row { flex-direction:column; gap:0; } }
.error { color:var(--error); margin:.25rem 0 0; font-size:.9375rem; }
.alert { border:1px solid var(--error); background:var(--error-bg); color:var(--text); border-radius:8px; padding:.75rem; margin:0 0 1rem; }
button { width:100%; min-height:44px; margin-top:1.5rem; font:inherit; font-weight:600; border:0; border-radius:8px;
  background:var(--accent); color:var(--accent-text); cursor:pointer; }
a { color:var(--accent); }
.cancel { display:inline-block; margin-top:1rem; padding:.5rem 0; }
.hint { font-size:.875rem; margin-top:1.25rem; }
.hint code { font-size:.875rem; white-space:nowrap; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(title)} · Herald Cloud</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

const FIELDS: Record<
  CardField,
  {
    label: string;
    autocomplete: string;
    inputmode?: string;
    placeholder?: string;
    maxlength: number;
  }
> = {
  name: { label: 'Cardholder name', autocomplete: 'cc-name', maxlength: 120 },
  number: {
    label: 'Card number',
    autocomplete: 'cc-number',
    inputmode: 'numeric',
    placeholder: '1234 1234 1234 1234',
    maxlength: 23,
  },
  expiry: {
    label: 'Expiry (MM/YY)',
    autocomplete: 'cc-exp',
    inputmode: 'numeric',
    placeholder: 'MM/YY',
    maxlength: 7,
  },
  cvc: {
    label: 'CVC',
    autocomplete: 'cc-csc',
    inputmode: 'numeric',
    placeholder: '123',
    maxlength: 4,
  },
};

function field(name: CardField, value: string, error: string | undefined): string {
  const spec = FIELDS[name];
  const id = `card-${name}`;
  const errorId = `${id}-error`;
  return `<label for="${id}">${escapeHtml(spec.label)}</label>
<input id="${id}" name="${name}" type="text" required autocomplete="${spec.autocomplete}" maxlength="${spec.maxlength}"${
    spec.inputmode ? ` inputmode="${spec.inputmode}"` : ''
  }${spec.placeholder ? ` placeholder="${escapeHtml(spec.placeholder)}"` : ''} value="${escapeHtml(value)}"${
    error ? ` aria-invalid="true" aria-describedby="${errorId}"` : ''
  }>
${error ? `<p class="error" id="${errorId}">${escapeHtml(error)}</p>` : ''}`;
}

export interface CardPageInput {
  session: SessionRow;
  /** What the checkout is for, one sentence. */
  purpose: string;
  /**
   * Values typed before, escaped. After a field error all four come back, so fixing the expiry does not mean
   * typing the card again (issue 25 item 24); after a decline only the name and expiry do: another card is
   * needed (docs/decisions/036). The page is no-store and no value is logged or stored.
   */
  values?: Partial<Record<CardField, string>>;
  errors?: Partial<Record<CardField, string>>;
  /** A decline: shown at the top, as Stripe shows "Your card was declined." */
  declineMessage?: string;
}

/** GET /pay/{sessionId}: the built-in checkout's card form, posting to its own path. */
export function renderCardPage(input: CardPageInput): string {
  const { session, values = {}, errors = {}, declineMessage } = input;
  const errorCount = Object.keys(errors).length;
  const alert = declineMessage
    ? `<div class="alert" role="alert">${escapeHtml(declineMessage)}</div>`
    : errorCount > 0
      ? `<div class="alert" role="alert">Check the ${errorCount === 1 ? 'field' : `${errorCount} fields`} marked below.</div>`
      : '';
  const samples = TEST_CARDS.filter((card) =>
    ['4242424242424242', '4000000000000002', '4000000000000341'].includes(card.number),
  )
    .map((card) => card.number.replace(/(\d{4})(?=\d)/g, '$1 '))
    .map((number) => `<code>${number}</code>`)
    .join(', ');
  return layout(
    'Add a card',
    `<div class="panel">
<h1>Add a card</h1>
<p>${escapeHtml(input.purpose)}</p>
${alert}
<form method="post" action="/pay/${escapeHtml(session.id)}" novalidate>
${field('name', values.name ?? '', errors.name)}
${field('number', values.number ?? '', errors.number)}
<div class="row">
<div>${field('expiry', values.expiry ?? '', errors.expiry)}</div>
<div>${field('cvc', values.cvc ?? '', errors.cvc)}</div>
</div>
<button type="submit">Save card</button>
</form>
<a class="cancel" href="${escapeHtml(session.cancelUrl)}">Cancel and return</a>
<p class="hint">Built-in checkout (test mode): use a test card such as ${samples}, any future expiry and any CVC.</p>
</div>`,
  );
}

/** A session that is complete or expired: nothing to pay, a way back. */
export function renderClosedPage(session: SessionRow): string {
  const complete = session.status === 'complete';
  const href = complete
    ? session.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', session.id)
    : session.cancelUrl;
  return layout(
    complete ? 'Card saved' : 'Checkout expired',
    `<div class="panel">
<h1>${complete ? 'Your card is saved' : 'This checkout has expired'}</h1>
<p>${complete ? 'This checkout is complete.' : 'Start again from Herald Cloud to add a card.'}</p>
<a class="cancel" href="${escapeHtml(href)}">Return to Herald Cloud</a>
</div>`,
  );
}

/** An unknown session id: the same page whether it never existed or belongs to someone else. */
export function renderUnknownPage(): string {
  return layout(
    'Checkout not found',
    `<div class="panel">
<h1>Checkout not found</h1>
<p>This checkout link is not valid. Start again from Herald Cloud.</p>
<a class="cancel" href="/">Go to Herald Cloud</a>
</div>`,
  );
}
