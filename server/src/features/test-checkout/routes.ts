/**
 * The built-in test checkout's pages (issue 5; `adapters/payments/test-checkout.ts`): what the demo and the
 * browser tests pay with when no Stripe keys are set. `checkoutUrl` points here. The page says plainly that
 * it is a test and no card is charged, lists the line items and total, and has two buttons, `Pay` and
 * `Cancel`. The total is what the checkout charges (`amount_total`, the provider lines' sum), which equals
 * the payment's `finalAmount` to the cent, sibling discount included (issue 13). The buttons move the
 * checkout forward and then settle it through the same fulfillment a Stripe webhook uses, and send the
 * browser to the success or failed page. The receipt page is the payment's `receiptUrl`.
 * The checkout id in the address is the secret, like a Stripe Checkout URL. The pages speak the language the
 * family started the checkout in (its `locale`, as Stripe's page does; issue 14), from the `testCheckout` messages of
 * `server/src/i18n/locales/{en,es}.json`.
 */
import { dateTimeFormat, formatCents, type LineItem, type Payment, testCheckout } from '@lc/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  isTestMethod,
  TEST_METHODS,
  type TestCheckoutObject,
  type TestMethodId,
} from '../../adapters/payments/test-checkout.ts';
import type { AppContext } from '../../app-context.ts';
import { requestLanguage } from '../../http/api-language.ts';
import { CENTER, mailLocale, mailT } from '../../i18n/family-mail.ts';
import type { mailMessages } from '../../i18n/mail-i18n.ts';
import { settleSetup } from '../billing/autopay-methods.ts';
import { fulfillCheckout } from '../enrollment/fulfill-checkout.ts';
import { checkoutStatus, findPayment } from '../enrollment/records.ts';

type TestCheckoutKey = Exclude<keyof (typeof mailMessages)['en']['testCheckout'], 'methods'>;
/**
 * The page's words in `locale` ('es' or English): `testCheckout.*` of the server's message files. The
 * values must already be HTML-escaped.
 */
function textsFor(locale: string | undefined) {
  const lang = locale === 'es' ? 'es' : 'en';
  const fixed = mailT(lang);
  const t = (key: TestCheckoutKey, values?: Record<string, string>) => fixed(`testCheckout.${key}`, values);
  const method = (id: TestMethodId) => fixed(`testCheckout.methods.${id}`);
  return { t, method, lang, intl: mailLocale(lang) } as const;
}

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
fieldset { border: 1px solid var(--line); border-radius: 8px; margin: 1.25rem 0 0; padding: .75rem 1rem; }
legend { font-weight: 700; padding: 0 .25rem; } .choice { display: flex; gap: .5rem; align-items: flex-start; padding: .35rem 0; min-height: 44px; }
.choice input { width: 1.25rem; height: 1.25rem; margin-top: .15rem; flex: none; }
.actions { display: flex; gap: .75rem; margin-top: 1.5rem; flex-wrap: wrap; }
button, .button { font: inherit; font-weight: 600; border-radius: 8px; padding: .7rem 1.4rem; cursor: pointer; border: 2px solid var(--accent);
  text-decoration: none; display: inline-block; min-height: 44px; }
.primary { background: var(--accent); color: var(--accent-text); } .secondary { background: transparent; color: var(--text); border-color: var(--line); }
button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
a { color: var(--text); }
`;

function page(title: string, body: string, lang: 'en' | 'es' = 'en'): string {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Bright Oak Learning Center</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

function linesTable(
  lines: LineItem[],
  total: number,
  caption: string,
  { t, intl }: ReturnType<typeof textsFor>,
): string {
  const money = (cents: number) => formatCents(cents, intl);
  const rows = lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.description)}<br><span class="muted">${money(l.unitAmount)} × ${l.quantity}</span></td><td class="num">${money(l.amount)}</td></tr>`,
    )
    .join('');
  return `<table><caption class="muted" style="text-align:left">${caption}</caption>
<thead><tr><th scope="col">${t('item')}</th><th scope="col" class="num">${t('amount')}</th></tr></thead>
<tbody>${rows}</tbody><tfoot><tr><th scope="row">${t('total')}</th><td class="num">${money(total)}</td></tr></tfoot></table>`;
}

/**
 * The lines a checkout charges: the payment's own, or on a payment plan (issue 23) the deposits and the plan's
 * fees paid today, as the provider is sent them (`planProviderLines`: the same descriptions and cents).
 */
function chargedLines(payment: Payment): LineItem[] {
  if (!payment.plan) return payment.lineItems;
  const children = Math.max(1, payment.enrollments.length);
  const name = payment.classSession?.name ?? '';
  const fees = payment.plan.fee * children;
  const lines: LineItem[] = [];
  if (payment.plan.today - fees > 0)
    lines.push({
      description: `${name} — deposit (payment plan)`,
      unitAmount: payment.plan.today - fees,
      quantity: 1,
      amount: payment.plan.today - fees,
    });
  if (fees > 0)
    lines.push({
      description: `${name} — payment plan fee`,
      unitAmount: payment.plan.fee,
      quantity: children,
      amount: fees,
    });
  return lines;
}

/**
 * The test cards and bank accounts to save (a checkout that saves a method, or a setup checkout), as radio
 * buttons in one fieldset; the first is chosen.
 */
function methodChoice({ t, method }: ReturnType<typeof textsFor>): string {
  const options = (Object.keys(TEST_METHODS) as TestMethodId[])
    .map(
      (id, i) =>
        `<label class="choice"><input type="radio" name="method" value="${id}"${i === 0 ? ' checked' : ''}> ${method(id)}</label>`,
    )
    .join('');
  return `<fieldset><legend>${t('saveLegend')}</legend><p class="muted" id="save-hint">${t('saveHint')}</p>${options}</fieldset>`;
}

/** What a checkout pays for: its session, or the family's balance ("pay now", issue 23). */
const paymentTitle = (
  payment: { classSessionId: number | null; classSession: { name: string } | null },
  t: (key: 'session' | 'accountPayment') => string,
) => payment.classSession?.name ?? (payment.classSessionId === null ? t('accountPayment') : t('session'));

export const testCheckoutRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const reg = ctx.registration;
    const provider = reg.testCheckout;
    // The buttons post a form whose one field is the test card or bank account to save (`method`), if any.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    const html = (reply: FastifyReply, status: number, body: string) =>
      reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

    /** No such checkout: in the language the browser asks for, as nothing else says which. */
    const notFoundPage = (reply: FastifyReply, language: string) => {
      const { t, lang } = textsFor(language);
      return html(reply, 404, page(t('notFoundTitle'), t('notFoundBody'), lang));
    };

    /** The checkout and its payment; a setup checkout (saving a method, issue 23) has no payment. */
    const load = async (checkoutId: string) => {
      const checkout = await provider.read(checkoutId);
      if (!checkout) return null;
      if (checkout.mode === 'setup') return { checkout, payment: null };
      const payment = await findPayment(ctx.db, { checkoutId });
      return payment ? { checkout, payment } : null;
    };

    /** A setup checkout: choose the test card or bank account to save, Save or Cancel. */
    const setupPage = (checkout: TestCheckoutObject, words: ReturnType<typeof textsFor>) => {
      const { t, lang } = words;
      const header = `<p class="note" role="note">${t('note')}</p><h1>${t('setupHeading')}</h1>`;
      if (checkout.status !== 'open')
        return page(
          t('title'),
          `${header}<div class="card"><p>${checkout.status === 'complete' ? t('setupDone') : t('ended')}</p>
<div class="actions"><a class="button primary" href="${escapeHtml(checkout.status === 'complete' ? checkout.success_url : checkout.cancel_url)}">${t('backToBilling')}</a></div></div>`,
          lang,
        );
      return page(
        t('title'),
        `${header}<div class="card"><p>${t('setupBody', { center: CENTER })}</p><p class="muted">${t('for', { email: escapeHtml(checkout.customer_email) })}</p>
<form method="post" action="${escapeHtml(testCheckout.pay(checkout.id))}">${methodChoice(words)}
<div class="actions"><button class="primary" type="submit">${t('save')}</button>
<button class="secondary" type="submit" formaction="${escapeHtml(testCheckout.cancel(checkout.id))}">${t('cancel')}</button></div></form></div>`,
        lang,
      );
    };

    app.get<{ Params: { checkoutId: string } }>('/test-checkout/:checkoutId', async (request, reply) => {
      const found = await load(request.params.checkoutId);
      if (!found) return notFoundPage(reply, requestLanguage(request.headers));
      const { checkout, payment } = found;
      const words = textsFor(checkout.locale);
      const { t, lang } = words;
      if (!payment) return html(reply, 200, setupPage(checkout, words));
      const children = payment.enrollments.map((e) => escapeHtml(e.student.fullName)).join(', ');
      const session = escapeHtml(paymentTitle(payment, t));
      const header = `<p class="note" role="note">${t('note')}</p>
<h1>${t('heading', { center: CENTER })}</h1><p class="muted">${session}${children ? ` · ${children}` : ''}</p>`;
      if (checkout.status !== 'open') {
        const done = checkout.status === 'complete';
        return html(
          reply,
          200,
          page(
            t('title'),
            `${header}<div class="card"><p>${done ? t('alreadyPaid') : t('ended')}</p>
<div class="actions"><a class="button primary" href="${escapeHtml(done ? checkout.success_url : checkout.cancel_url)}">${done ? t('seeEnrollment') : t('backToSession')}</a></div></div>`,
            lang,
          ),
        );
      }
      const until = dateTimeFormat(words.intl, {
        timeZone: ctx.config.timeZone,
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      }).format(new Date(checkout.expires_at * 1000));
      return html(
        reply,
        200,
        page(
          t('title'),
          // The payment's lines (the sibling discount as its own line) and the total this checkout charges.
          `${header}<div class="card">${linesTable(chargedLines(payment), checkout.amount_total, t('for', { email: escapeHtml(checkout.customer_email) }), words)}
<p class="muted" style="margin-top:1rem">${t('heldUntil', { time: escapeHtml(until) })}</p>
<form method="post" action="${escapeHtml(testCheckout.pay(checkout.id))}">${checkout.save_method ? methodChoice(words) : ''}
<div class="actions"><button class="primary" type="submit">${t('pay')}</button>
<button class="secondary" type="submit" formaction="${escapeHtml(testCheckout.cancel(checkout.id))}">${t('cancel')}</button></div></form></div>`,
          lang,
        ),
      );
    });

    const settleAndReturn = async (
      reply: FastifyReply,
      checkoutId: string,
      move: (id: string) => Promise<TestCheckoutObject | null>,
      language: string,
    ) => {
      const checkout = await move(checkoutId);
      if (!checkout) return notFoundPage(reply, language);
      if (checkout.mode === 'setup') {
        await settleSetup(reg, checkoutId);
        return reply.redirect(
          checkout.status === 'complete' ? checkout.success_url : checkout.cancel_url,
          303,
        );
      }
      await fulfillCheckout(reg, checkoutId);
      ctx.work.runNow().catch(() => {});
      const paid = (await checkoutStatus(ctx.db, checkoutId))?.status === 'Paid';
      return reply.redirect(paid ? checkout.success_url : checkout.cancel_url, 303);
    };

    app.post<{ Params: { checkoutId: string }; Body: { method?: string } | undefined }>(
      '/test-checkout/:checkoutId/pay',
      (request, reply) =>
        settleAndReturn(
          reply,
          request.params.checkoutId,
          (id) => {
            const method = request.body?.method;
            return provider.pay(id, ctx.clock.now(), isTestMethod(method) ? method : undefined);
          },
          requestLanguage(request.headers),
        ),
    );
    app.post<{ Params: { checkoutId: string } }>('/test-checkout/:checkoutId/cancel', (request, reply) =>
      settleAndReturn(
        reply,
        request.params.checkoutId,
        (id) => provider.cancel(id),
        requestLanguage(request.headers),
      ),
    );

    app.get<{ Params: { checkoutId: string } }>(
      '/test-checkout/:checkoutId/receipt',
      async (request, reply) => {
        const found = await load(request.params.checkoutId);
        if (!found?.payment || found.checkout.status !== 'complete')
          return notFoundPage(reply, requestLanguage(request.headers));
        const { checkout, payment } = found;
        const words = textsFor(checkout.locale);
        const { t, lang } = words;
        const paidAt = dateTimeFormat(words.intl, {
          timeZone: ctx.config.timeZone,
          dateStyle: 'long',
          timeStyle: 'short',
        }).format(new Date((checkout.completed_at ?? Date.parse(payment.created) / 1000) * 1000));
        const children = payment.enrollments.map((e) => escapeHtml(e.student.fullName)).join(', ');
        const status =
          payment.status === 'Paid'
            ? t('paid')
            : payment.status === 'Refunded'
              ? t('refunded')
              : escapeHtml(payment.status);
        const number = escapeHtml(payment.id.slice(0, 8).toUpperCase());
        return html(
          reply,
          200,
          page(
            t('receiptTitle'),
            `<p class="note" role="note">${t('receiptNote')}</p>
<h1>${t('receiptTitle')}</h1><p class="muted">${CENTER} · ${escapeHtml(paidAt)}</p>
<div class="card"><p><strong>${escapeHtml(paymentTitle(payment, t))}</strong><br>${children}</p>
${linesTable(chargedLines(payment), payment.finalAmount, t('receiptCaption', { number, status }), words)}
<p class="muted" style="margin-top:1rem">${t('billedTo', { email: escapeHtml(checkout.customer_email) })}</p></div>
<div class="actions"><a class="button secondary" href="/dashboard/billing">${t('backToBilling')}</a></div>`,
            lang,
          ),
        );
      },
    );
  };
