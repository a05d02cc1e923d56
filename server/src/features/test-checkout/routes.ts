/**
 * The built-in test checkout's pages (issue 5; `adapters/payments/test-checkout.ts`): what the demo and the
 * browser tests pay with when no Stripe keys are set. `checkoutUrl` points here. The page says plainly that
 * it is a test and no card is charged, lists the line items and total, and has two buttons, `Pay` and
 * `Cancel`. The total is what the checkout charges (`amount_total`, the provider lines' sum), which equals
 * the payment's `finalAmount` to the cent, sibling discount included (issue 13). The buttons move the
 * checkout forward and then settle it through the same fulfillment a Stripe webhook uses, and send the
 * browser to the success or failed page. The receipt page is the payment's `receiptUrl`.
 * The checkout id in the address is the secret, like a Stripe Checkout URL.
 */
import { dateTimeFormat, formatCents, type LineItem, testCheckout } from '@lc/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { TestCheckoutObject } from '../../adapters/payments/test-checkout.ts';
import type { AppContext } from '../../app-context.ts';
import { payments } from '../../db/schema.ts';
import { fulfillCheckout } from '../enrollment/fulfill-checkout.ts';
import { findPayment } from '../enrollment/records.ts';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const STYLE = `
:root { color-scheme: light dark; --bg: #f7f4ee; --card: #ffffff; --text: #1f2a24; --muted: #4a5650; --line: #d9d3c7;
  --accent: #1d5c3f; --accent-text: #ffffff; --note-bg: #fff4d6; --note-text: #4d3800; }
@media (prefers-color-scheme: dark) { :root { --bg: #15191a; --card: #1f2526; --text: #eef1ee; --muted: #c3ccc6;
  --line: #3a4443; --accent: #7fd1a8; --accent-text: #0d1f16; --note-bg: #3b3016; --note-text: #ffe7a8; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: var(--bg); color: var(--text); }
main { max-width: 34rem; margin: 0 auto; padding: 2rem 1rem 3rem; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 1.25rem; }
.note { background: var(--note-bg); color: var(--note-text); border-radius: 8px; padding: .75rem 1rem; margin: 0 0 1.25rem; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; } h2 { font-size: 1.1rem; margin: 1.25rem 0 .5rem; }
p { margin: .25rem 0 .75rem; } .muted { color: var(--muted); }
table { width: 100%; border-collapse: collapse; } th, td { text-align: left; padding: .5rem 0; border-bottom: 1px solid var(--line); vertical-align: top; }
td.num, th.num { text-align: right; white-space: nowrap; padding-left: 1rem; } tfoot td, tfoot th { font-weight: 700; border-bottom: 0; }
.actions { display: flex; gap: .75rem; margin-top: 1.5rem; flex-wrap: wrap; }
button, .button { font: inherit; font-weight: 600; border-radius: 8px; padding: .7rem 1.4rem; cursor: pointer; border: 2px solid var(--accent);
  text-decoration: none; display: inline-block; min-height: 44px; }
.primary { background: var(--accent); color: var(--accent-text); } .secondary { background: transparent; color: var(--text); border-color: var(--line); }
button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
a { color: var(--text); }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Bright Oak Learning Center</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

function linesTable(lines: LineItem[], total: number, caption: string): string {
  const rows = lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.description)}<br><span class="muted">${formatCents(l.unitAmount)} × ${l.quantity}</span></td><td class="num">${formatCents(l.amount)}</td></tr>`,
    )
    .join('');
  return `<table><caption class="muted" style="text-align:left">${escapeHtml(caption)}</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>${rows}</tbody><tfoot><tr><th scope="row">Total</th><td class="num">${formatCents(total)}</td></tr></tfoot></table>`;
}

export const testCheckoutRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const reg = ctx.registration;
    const provider = reg.testCheckout;
    // The buttons post an empty form; nothing in the body is read.
    app.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) =>
      done(null, {}),
    );

    const html = (reply: FastifyReply, status: number, body: string) =>
      reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

    const notFoundPage = (reply: FastifyReply) =>
      html(
        reply,
        404,
        page(
          'Checkout not found',
          `<h1>We couldn’t find that checkout</h1><p>The link may be mistyped. You can start again from the <a href="/sessions">sessions page</a>.</p>`,
        ),
      );

    const load = async (checkoutId: string) => {
      const checkout = await provider.read(checkoutId);
      if (!checkout) return null;
      const payment = await findPayment(ctx.db, { checkoutId });
      return payment ? { checkout, payment } : null;
    };

    app.get<{ Params: { checkoutId: string } }>('/test-checkout/:checkoutId', async (request, reply) => {
      const found = await load(request.params.checkoutId);
      if (!found) return notFoundPage(reply);
      const { checkout, payment } = found;
      const children = payment.enrollments.map((e) => escapeHtml(e.student.fullName)).join(', ');
      const session = escapeHtml(payment.classSession?.name ?? 'Session');
      const header = `<p class="note" role="note"><strong>Test checkout.</strong> This is the center’s built-in test checkout: no card is charged and no money moves. It stands in for the card payment page until the center connects Stripe.</p>
<h1>Pay Bright Oak Learning Center</h1><p class="muted">${session}${children ? ` · ${children}` : ''}</p>`;
      if (checkout.status !== 'open') {
        const done = checkout.status === 'complete';
        return html(
          reply,
          200,
          page(
            'Test checkout',
            `${header}<div class="card"><p>${done ? 'This checkout has already been paid.' : 'This checkout has ended, so it can no longer be paid. The seats it held were released.'}</p>
<div class="actions"><a class="button primary" href="${escapeHtml(done ? checkout.success_url : checkout.cancel_url)}">${done ? 'See your enrollment' : 'Back to the session'}</a></div></div>`,
          ),
        );
      }
      const until = dateTimeFormat('en-US', {
        timeZone: ctx.config.timeZone,
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      }).format(new Date(checkout.expires_at * 1000));
      return html(
        reply,
        200,
        page(
          'Test checkout',
          // The payment's lines (the sibling discount as its own line) and the total this checkout charges.
          `${header}<div class="card">${linesTable(payment.lineItems, checkout.amount_total, `For ${checkout.customer_email}`)}
<p class="muted" style="margin-top:1rem">Your seats are held until ${escapeHtml(until)}.</p>
<div class="actions">
<form method="post" action="${escapeHtml(testCheckout.pay(checkout.id))}"><button class="primary" type="submit">Pay</button></form>
<form method="post" action="${escapeHtml(testCheckout.cancel(checkout.id))}"><button class="secondary" type="submit">Cancel</button></form>
</div></div>`,
        ),
      );
    });

    const settleAndReturn = async (
      reply: FastifyReply,
      checkoutId: string,
      move: (id: string) => Promise<TestCheckoutObject | null>,
    ) => {
      const checkout = await move(checkoutId);
      if (!checkout) return notFoundPage(reply);
      await fulfillCheckout(reg, checkoutId);
      ctx.work.runNow().catch(() => {});
      const [row] = await ctx.db
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.checkoutId, checkoutId));
      const paid = row?.status === 'Paid';
      return reply.redirect(paid ? checkout.success_url : checkout.cancel_url, 303);
    };

    app.post<{ Params: { checkoutId: string } }>('/test-checkout/:checkoutId/pay', (request, reply) =>
      settleAndReturn(reply, request.params.checkoutId, (id) => provider.pay(id, ctx.clock.now())),
    );
    app.post<{ Params: { checkoutId: string } }>('/test-checkout/:checkoutId/cancel', (request, reply) =>
      settleAndReturn(reply, request.params.checkoutId, (id) => provider.cancel(id)),
    );

    app.get<{ Params: { checkoutId: string } }>(
      '/test-checkout/:checkoutId/receipt',
      async (request, reply) => {
        const found = await load(request.params.checkoutId);
        if (!found || found.checkout.status !== 'complete') return notFoundPage(reply);
        const { checkout, payment } = found;
        const paidAt = dateTimeFormat('en-US', {
          timeZone: ctx.config.timeZone,
          dateStyle: 'long',
          timeStyle: 'short',
        }).format(new Date((checkout.completed_at ?? Date.parse(payment.created) / 1000) * 1000));
        const children = payment.enrollments.map((e) => escapeHtml(e.student.fullName)).join(', ');
        const status =
          payment.status === 'Paid'
            ? 'Paid'
            : payment.status === 'Refunded'
              ? 'Refunded'
              : escapeHtml(payment.status);
        return html(
          reply,
          200,
          page(
            'Receipt',
            `<p class="note" role="note"><strong>Test receipt.</strong> Paid in the built-in test checkout: no card was charged.</p>
<h1>Receipt</h1><p class="muted">Bright Oak Learning Center · ${escapeHtml(paidAt)}</p>
<div class="card"><p><strong>${escapeHtml(payment.classSession?.name ?? 'Session')}</strong><br>${children}</p>
${linesTable(payment.lineItems, payment.finalAmount, `Receipt ${escapeHtml(payment.id.slice(0, 8).toUpperCase())} · ${status}`)}
<p class="muted" style="margin-top:1rem">Billed to ${escapeHtml(checkout.customer_email)}. Questions? Reply to your confirmation email or call the office.</p></div>
<div class="actions"><a class="button secondary" href="/dashboard/billing">Back to billing</a></div>`,
          ),
        );
      },
    );
  };
