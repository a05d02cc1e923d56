/**
 * `/api/ClassSessionEnrollment…` and `/api/Billing…` (spec §7 Enrollment, Billing; issue 5). Every call but
 * the checkout's return (`Confirmation/{checkoutId}`, which the hosted checkout's return page makes even when
 * the login lapsed while paying) and the signed Stripe webhook needs a session, and reaches only the caller's
 * own family.
 */
import { ApiErrorSchema, enrollmentApi, type Language, parseClassSessionId } from '@lc/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WebhookSignatureError } from '../../adapters/payments/types.ts';
import type { AppContext } from '../../app-context.ts';
import { queryRows, uuidList } from '../../db/client.ts';
import { requestLanguage } from '../../http/api-language.ts';
import { currentUser } from '../../http/authenticate.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { namesIn } from '../../i18n/family-mail.ts';
import { settleIntent } from '../billing/autopay.ts';
import {
  autopayStatus,
  removeMethod,
  setAutopay,
  settleSetup,
  startSetup,
} from '../billing/autopay-methods.ts';
import { familyAccount } from '../billing/ledger.ts';
import { startBalancePayment } from '../billing/pay-balance.ts';
import { answerSplit, proposeSplit, sharesBillsWith, splitView } from '../billing/split.ts';
import { monthlyStatementPdf, statementIndex, yearEndStatementPdf } from '../billing/statements.ts';
import { applyHealthGate } from '../child-health/enrollment-gate.ts';
import { familyMemberIds } from '../family/members.ts';
import { familySentence, judgeFamily, loadSiblingPlaces, toSessionStudent } from './eligibility.ts';
import { fulfillCheckout } from './fulfill-checkout.ts';
import { expireOpenCheckout } from './open-checkout.ts';
import {
  findPayment,
  loadEnrollments,
  loadFamilyPayments,
  loadWaitlist,
  ownEnrollment,
  ownWaitlistPlace,
} from './records.ts';
import { reserveSeats } from './reserve-seats.ts';
import { readSession } from './seats.ts';
import { joinWaitlist } from './waitlist.ts';

const tags = ['Enrollment'];

/** The numeric session id of a path, or 404 (a non-number names no session). */
function sessionIdOf(raw: string): number {
  const id = parseClassSessionId(raw);
  if (id === null) throw notFound('session');
  return id;
}

/** 400 when the body names another session than the path. */
function sameSession(pathId: number, bodyId: number) {
  if (pathId !== bodyId)
    throw new HttpError(400, 'enrollment.sessionMismatch', {
      fields: { classSessionId: 'enrollment.sessionMismatch' },
    });
}

export const enrollmentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const reg = ctx.registration;

    /** The session a path names (404 when none) and the family's children judged for it. */
    const judgeForPath = async (userId: string, rawSessionId: string, language: Language) => {
      const now = ctx.clock.now();
      const session = await readSession(ctx.db, sessionIdOf(rawSessionId), now, ctx.clock.today(now));
      if (!session) throw notFound('session');
      const { judged: byRules } = await judgeFamily(
        ctx.db,
        ctx.clock,
        ctx.config.timeZone,
        userId,
        session,
        undefined,
        language,
      );
      // A program's health requirements (issue 26, decision 035): what blocks or warns, in the same sentence.
      const judged = await applyHealthGate(ctx.db, session, byRules, ctx.clock.today(now), language);
      return { session, judged, now };
    };

    serve(
      app,
      enrollmentApi.enrollments,
      {
        tags,
        summary: "The signed-in family's enrollments",
        description:
          'Every enrollment of the caller’s children, newest session first, with the children bought together.',
      },
      async (request) => loadEnrollments(ctx.db, ownEnrollment(currentUser(request).id)),
    );

    serve(
      app,
      enrollmentApi.startCheckout,
      {
        config: { errors: [404, 409, 502] },
        tags,
        summary: 'Hold seats and start the card checkout',
        description:
          'Holds one seat per child for `CHECKOUT_HOLD_MINUTES` and answers the Payment whose `checkoutUrl` the browser opens (201). ' +
          'The same children again while that checkout is open answer the same Payment (200). ' +
          '409 with a sentence when a child may not enroll now or seats are short; 502 when the payment provider is unreachable (nothing held or charged).',
        otherReplies: { 200: enrollmentApi.startCheckout.reply },
      },
      async (request, reply) => {
        // The card checkout opens in the language of the page the family started from (issue 14).
        const user = { ...currentUser(request), language: requestLanguage(request.headers) };
        const { classSessionId, studentIds, paymentPlan, saveMethod } = request.body;
        const result = await reserveSeats(reg, user, classSessionId, studentIds, {
          paymentPlan,
          saveMethod,
        });
        reply.code(result.created ? 201 : 200);
        return result.payment;
      },
    );

    serve(
      app,
      enrollmentApi.waitlist,
      {
        tags,
        summary: "The signed-in family's waitlist places",
        description:
          'Offered places first (with when the offer lapses), then waiting ones with their position (1 = next).',
      },
      async (request) => loadWaitlist(ctx.db, ownWaitlistPlace(currentUser(request).id)),
    );

    serve(
      app,
      enrollmentApi.confirmation,
      {
        config: { auth: 'public' },
        tags,
        summary: 'Settle a checkout and answer its payment (the checkout return page)',
        description:
          'Asks the payment provider how the checkout ended and applies it (the same idempotent fulfillment the webhook uses), ' +
          'then answers the Payment with the enrolled children and the receipt. With `cancelled=true` (the parent came back through the cancel link) ' +
          'a checkout that is still open is ended at the provider first, so its seats are released at once. The checkout id is the secret: ' +
          'a provider id (Stripe `cs_…`, test `test_cs_…`) that only the paying browser was sent to. Unknown id: 404.',
      },
      async (request, reply) => {
        const { checkoutId } = request.params;
        if (request.query.cancelled === 'true') await expireOpenCheckout(reg, checkoutId);
        const outcome = await fulfillCheckout(reg, checkoutId);
        if (outcome === 'unknown') throw notFound('checkout');
        ctx.work.runNow().catch(() => {});
        reply.header('Cache-Control', 'no-store');
        const payment = await findPayment(ctx.db, { checkoutId });
        if (!payment) throw notFound('checkout');
        return payment;
      },
    );

    serve(
      app,
      enrollmentApi.sessionStudents,
      {
        tags,
        summary: "The family's children for one session, with what each may do",
        description:
          'Each child with their enrollment and waitlist standing in the session, whether they can enroll or join the waitlist now, and the sentence `VerifyEligibility` gives. ' +
          '`holdsSiblingPlace` marks the children who make a brother or sister an additional child for the session’s sibling discount (the enroll page prices with it, as the checkout does).',
      },
      async (request) => {
        const userId = currentUser(request).id;
        const { session, judged, now } = await judgeForPath(
          userId,
          request.params.classSessionId,
          requestLanguage(request.headers),
        );
        const holders = await loadSiblingPlaces(ctx.db, userId, session.row, now, ctx.clock.today(now));
        return judged.map(({ child, verdict, health }) => ({
          ...toSessionStudent(child, verdict, holders.has(child.id)),
          ...(health ? { health } : {}),
        }));
      },
    );

    serve(
      app,
      enrollmentApi.verifyEligibility,
      {
        tags,
        summary: 'Whether the family (or one child) may enroll now, as a sentence',
        description:
          'Plain text a parent can act on, e.g. “Maya can enroll now.” or “Priority registration for returning families is open now; general registration opens on Monday, January 5.” ' +
          'With `studentId`: about that child (404 if not the caller’s).',
      },
      async (request, reply) => {
        const { studentId } = request.query;
        const language = requestLanguage(request.headers);
        const { judged } = await judgeForPath(
          currentUser(request).id,
          request.params.classSessionId,
          language,
        );
        const chosen = studentId ? judged.filter((j) => j.child.id === studentId) : judged;
        if (studentId && chosen.length === 0) throw notFound('child');
        reply.type('text/plain; charset=utf-8');
        return familySentence(
          chosen.map((j) => j.verdict),
          language,
        );
      },
    );

    serve(
      app,
      enrollmentApi.enrollFree,
      {
        config: { errors: [409] },
        tags,
        summary: 'Enroll in a session that has nothing to pay',
        description:
          'For a session whose registration price and supply fee are both 0: the children are enrolled at once and the first enrollment is answered, with every child in `students`. ' +
          'A session with a fee answers 409: use `POST /api/ClassSessionEnrollment` for the card checkout.',
      },
      async (request, reply) => {
        // Refusals in the language of the page the family enrolls from, as the checkout's (issue 14).
        const user = { ...currentUser(request), language: requestLanguage(request.headers) };
        const id = sessionIdOf(request.params.classSessionId);
        sameSession(id, request.body.classSessionId);
        const now = ctx.clock.now();
        const session = await readSession(ctx.db, id, now, ctx.clock.today(now));
        if (!session) throw notFound('session');
        if (session.row.registrationPrice + session.row.supplyFee > 0)
          throw new HttpError(409, 'enrollment.checkout.feeRequired', { params: { session: session.name } });
        const { payment } = await reserveSeats(reg, user, id, request.body.studentIds);
        const [first] = payment.enrollments;
        if (!first) throw new HttpError(409, 'enrollment.checkout.notEnrolled');
        reply.code(201);
        return first;
      },
    );

    serve(
      app,
      enrollmentApi.joinWaitlist,
      {
        config: { errors: [409] },
        tags,
        summary: 'Join a full session’s waitlist',
        description:
          'First come, first served, up to the session’s `waitlistSize`. Answers each new place with its position (201). ' +
          '409 with a sentence when a child cannot join (already enrolled or waiting, seats still open, closed, waitlist full).',
      },
      async (request, reply) => {
        const user = currentUser(request);
        const id = sessionIdOf(request.params.classSessionId);
        sameSession(id, request.body.classSessionId);
        const places = await joinWaitlist(
          reg,
          user.id,
          id,
          request.body.studentIds,
          requestLanguage(request.headers),
        );
        reply.code(201);
        return places;
      },
    );

    serve(
      app,
      enrollmentApi.joinWaitlistOld,
      {
        tags,
        summary: 'Retired: use JoinWaitlist',
        description:
          '410 Gone. The old variant is retired; `POST /api/ClassSessionEnrollment/JoinWaitlist/{classSessionId}` with the same body joins the waitlist and answers each child’s position.',
        schema: { deprecated: true },
        retired: true,
        otherReplies: { 410: ApiErrorSchema.describe('Always: this way of joining is retired') },
      },
      async () => {
        throw new HttpError(410, 'enrollment.waitlist.retired');
      },
    );

    serve(
      app,
      enrollmentApi.payments,
      {
        tags: ['Billing'],
        summary: "The signed-in family's payments",
        description: 'Newest first: date, session, children, amounts in cents, status and receipt link.',
      },
      // The whole family's payments (issue 13: a co-parent sees the other parent's too).
      async (request) => loadFamilyPayments(ctx.db, currentUser(request).id),
    );

    serve(
      app,
      enrollmentApi.payBalance,
      {
        tags: ['Billing'],
        summary: 'Pay toward the family’s balance',
        description:
          'Issue 23: any amount in cents from $1.00 up to the balance opens a checkout with the payment provider (Stripe, or the built-in test checkout); the answer is where to send the browser. Paid, it pays the places that owe, the one due first first, and anything left is a credit on account. The checkout returns to Billing. 400 more than the balance (field `amount`); 409 nothing due; 502 the provider could not open a checkout.',
        config: { errors: [409, 502] },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const result = await startBalancePayment(
          reg,
          { id: user.id, emailAddress: user.emailAddress, language: requestLanguage(request.headers) },
          request.body.amount,
        );
        reply.code(201);
        return result;
      },
    );

    serve(
      app,
      enrollmentApi.account,
      {
        tags: ['Billing'],
        summary: "The signed-in family's account",
        description:
          'Issue 23: the balance in cents (above 0 owed, below 0 a credit on account), its status, what is due next, each place (a child in a session) with what it was charged and paid, and every ledger entry oldest first with the running balance. A shared family (co-parents) reads one account.',
      },
      async (request) => {
        const payers = await familyMemberIds(ctx.db, currentUser(request).id);
        return familyAccount(ctx.db, payers, ctx.clock.today());
      },
    );

    const autopayOf = (userId: string) => autopayStatus(ctx.db, userId, ctx.clock.today());
    serve(
      app,
      enrollmentApi.autopay,
      {
        tags: ['Billing'],
        summary: 'Automatic payments: the saved method, the instalments to come, the latest attempts',
        description:
          'Issue 23: the card or US bank account saved for automatic payments (the caller’s own, else a co-parent’s, with their first name), whether autopay is on, the family’s instalments still owing from today on (cents, ISO dates), and the latest automatic payments with their outcome.',
      },
      async (request) => autopayOf(currentUser(request).id),
    );
    serve(
      app,
      enrollmentApi.setAutopay,
      {
        tags: ['Billing'],
        summary: 'Turn automatic payments on or off',
        description: 'For the caller’s own saved method. 404 when they saved none.',
        config: { errors: [404] },
      },
      async (request) => {
        const user = currentUser(request);
        await setAutopay(ctx.db, user.id, request.body.enabled);
        return autopayOf(user.id);
      },
    );
    serve(
      app,
      enrollmentApi.removeMethod,
      {
        tags: ['Billing'],
        summary: 'Remove the saved card or bank account',
        description: 'Nothing more is charged to it; instalments stay due. 404 when the caller saved none.',
        config: { errors: [404] },
      },
      async (request) => {
        const user = currentUser(request);
        await removeMethod(ctx.db, user.id, ctx.clock.now());
        return autopayOf(user.id);
      },
    );
    serve(
      app,
      enrollmentApi.startSetup,
      {
        tags: ['Billing'],
        summary: 'Save a new card or bank account',
        description:
          'Opens a checkout that saves a card or US bank account and charges nothing (Stripe Checkout in setup mode, or the built-in test checkout). It returns to Billing with `?method=<checkout id>`. 502 when the provider could not open it.',
        config: { errors: [502] },
      },
      async (request, reply) => {
        const user = currentUser(request);
        let result: { checkoutUrl: string };
        try {
          result = await startSetup(reg, {
            id: user.id,
            emailAddress: user.emailAddress,
            language: requestLanguage(request.headers),
          });
        } catch (error) {
          reg.log(`setup checkout failed: ${error instanceof Error ? error.message : String(error)}`);
          throw new HttpError(502, 'enrollment.checkout.unavailable');
        }
        reply.code(201);
        return result;
      },
    );
    serve(
      app,
      enrollmentApi.finishSetup,
      {
        tags: ['Billing'],
        summary: 'Finish saving a card or bank account',
        description:
          'Billing calls this on the return from a setup checkout: the method saved becomes the one in use (once, however often it is called). 404 for a checkout that is not the caller’s.',
        config: { errors: [404] },
      },
      async (request) => {
        const user = currentUser(request);
        await settleSetup(reg, request.params.checkoutId, user.id);
        return autopayOf(user.id);
      },
    );

    serve(
      app,
      enrollmentApi.split,
      {
        tags: ['Billing'],
        summary: 'How the two parents share the bills',
        description:
          'Issue 23: whether the family has two parents to share with, its children, the split in force (by percentage or a parent per child, since a date), a proposal waiting for an answer, and each parent’s balance and next due (cents).',
      },
      async (request) => splitView(ctx.db, currentUser(request).id),
    );
    serve(
      app,
      enrollmentApi.proposeSplit,
      {
        tags: ['Billing'],
        summary: 'Propose a way to share the bills',
        description:
          'Issue 23: `percent` (the caller’s share, 1–99), `child` (each child to a parent) or `none` (stop). Replaces the caller’s open proposal and mails the other parent; nothing changes until they accept. 400 by the field; 404 a child not of the family; 409 without two parents, or stopping a split not in force.',
        config: { errors: [404, 409] },
      },
      async (request, reply) => {
        const user = currentUser(request);
        await proposeSplit(reg, user.id, request.body);
        reply.code(201);
        return splitView(ctx.db, user.id);
      },
    );
    serve(
      app,
      enrollmentApi.acceptSplit,
      {
        tags: ['Billing'],
        summary: 'Accept the other parent’s proposal',
        description:
          'Issue 23: the split takes effect today: every bill falling due from today is divided exact to the cent (the other parent’s share moves to their account), the split before it ends. Both parents are mailed. 404 no proposal; 409 the caller’s own.',
        config: { errors: [404, 409] },
      },
      async (request) => {
        const user = currentUser(request);
        await answerSplit(reg, user.id, true);
        return splitView(ctx.db, user.id);
      },
    );
    serve(
      app,
      enrollmentApi.declineSplit,
      {
        tags: ['Billing'],
        summary: 'Decline (or withdraw) a proposal',
        description:
          'Issue 23: nothing changes; the proposer is mailed when the other parent declines. 404 no proposal.',
        config: { errors: [404] },
      },
      async (request) => {
        const user = currentUser(request);
        await answerSplit(reg, user.id, false);
        return splitView(ctx.db, user.id);
      },
    );

    const pdfReply = {
      description: 'A PDF file',
      content: { 'application/pdf': { schema: z.string().describe('binary') } },
    };
    /** The parents' names as a statement heads them ("Dana and Sam Rivera" reads as two first names). */
    const familyNameOf = async (payers: string[], language: string) => {
      const rows = await queryRows<{ id: string; first_name: string; last_name: string }>(
        ctx.db,
        sql`select id, first_name, last_name from users where id in ${uuidList(payers)}`,
      );
      const ordered = payers.map((id) => rows.find((r) => r.id === id)).filter((r) => r !== undefined);
      return namesIn(
        language,
        ordered.map((r) => `${r.first_name} ${r.last_name}`.trim()),
      );
    };
    const statementOptions = (language: string) => ({
      timeZone: ctx.config.timeZone,
      today: ctx.clock.today(),
      language,
      center: ctx.config.center,
    });
    serve(
      app,
      enrollmentApi.statements,
      {
        tags: ['Billing'],
        summary: 'The months and years with statements',
        description:
          'Issue 23: the calendar months (newest first) and years in which the family’s account has any entry.',
      },
      async (request) =>
        statementIndex(ctx.db, await familyMemberIds(ctx.db, currentUser(request).id), ctx.config.timeZone),
    );
    serve(
      app,
      enrollmentApi.monthlyStatement,
      {
        tags: ['Billing'],
        summary: 'A monthly statement (PDF)',
        description:
          'Issue 23: the family’s entries of a calendar month in the center’s time zone (the caller’s own share when the parents split the bills), each with the running balance, the balance the month opened and closed on, and what is due next, in the caller’s language. 404 for a month after this one.',
        otherReplies: { 200: pdfReply },
        config: { errors: [404] },
      },
      async (request, reply) => {
        const { month } = request.params;
        if (month > ctx.clock.today().slice(0, 7)) throw notFound('page');
        const user = currentUser(request);
        // Parents who split the bills each get their own share's statement (issue 23).
        const sharedWith = await sharesBillsWith(ctx.db, user.id);
        const payers = sharedWith ? [user.id] : await familyMemberIds(ctx.db, user.id);
        const language = requestLanguage(request.headers);
        const pdf = await monthlyStatementPdf(ctx.db, payers, month, await familyNameOf(payers, language), {
          ...statementOptions(language),
          sharedWith,
        });
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="statement-${month}.pdf"`)
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );
    serve(
      app,
      enrollmentApi.yearEndStatement,
      {
        tags: ['Billing'],
        summary: 'A year-end childcare statement (PDF)',
        description:
          'Issue 23: for the US dependent care credit (IRS Form 2441, Part I) and an FSA: the center’s name, address and EIN (`CENTER_EIN`), each child with the dates of care in the year and what the caller paid for them in the year net of refunds. 404 for a year after this one.',
        otherReplies: { 200: pdfReply },
        config: { errors: [404] },
      },
      async (request, reply) => {
        const { year } = request.params;
        if (year > Number(ctx.clock.today().slice(0, 4))) throw notFound('page');
        const user = currentUser(request);
        const language = requestLanguage(request.headers);
        const pdf = await yearEndStatementPdf(
          ctx.db,
          { id: user.id, name: await familyNameOf([user.id], language) },
          year,
          statementOptions(language),
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="childcare-statement-${year}.pdf"`)
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );

    // The Stripe webhook needs the raw body to verify its signature: a JSON parser of its own, in this scope.
    await app.register(async (scope) => {
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      serve(
        scope,
        enrollmentApi.stripeWebhook,
        {
          config: { auth: 'public', errors: [404] },
          tags: ['Billing'],
          summary: 'Stripe webhook (signed)',
          description:
            'Verifies `Stripe-Signature` over the raw body, then applies `checkout.session.completed`, `…async_payment_succeeded`, `…async_payment_failed` and `…expired` through fulfillment (a setup checkout saves its method), and `payment_intent.succeeded`, `…processing`, `…payment_failed`, `…requires_action` and `…canceled` of an automatic payment (metadata `attemptId`) to its attempt. Each event id is applied once. 400 on a bad signature; 404 when Stripe is not configured.',
          schema: { requestContent: { 'application/json': z.looseObject({}).describe('A Stripe event') } },
        },
        async (request, reply) => {
          const stripe = reg.providers.stripe;
          if (!stripe?.verifyWebhook) throw notFound('page');
          let event: ReturnType<NonNullable<typeof stripe.verifyWebhook>>;
          try {
            const header = request.headers['stripe-signature'];
            event = stripe.verifyWebhook(request.body as Buffer, Array.isArray(header) ? header[0] : header);
          } catch (error) {
            if (error instanceof WebhookSignatureError)
              throw new HttpError(400, 'enrollment.checkout.webhookSignature');
            throw error;
          }
          if (event.checkoutId) {
            // A setup checkout (saving a method) has no payment: settle it as the return page would.
            const outcome = await fulfillCheckout(reg, event.checkoutId, {
              event: { id: event.id, type: event.type },
            });
            if (outcome === 'unknown') await settleSetup(reg, event.checkoutId).catch(() => {});
            ctx.work.runNow().catch(() => {});
          }
          // An automatic payment's charge moved (a bank debit settled or failed): settle it once (autopay.ts).
          if (event.intentId) await settleIntent(reg, 'stripe', event.intentId);
          reply.code(200);
          return { received: true as const };
        },
      );
    });
  };
