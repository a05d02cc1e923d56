/**
 * A parent withdraws their own child in the portal (issue 13, "Withdraw a child, with the session's refund
 * policy"): the quote the dialog shows, then the withdrawal with exactly that refund. Both need a parent's
 * session (`auth: 'user'`; 401 anonymous, 403 a staff account) and reach only the caller's own children
 * (another family's enrollment is 404, as an unknown one). Money is integer cents.
 */
import { enrollmentApi } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { serve } from '../../http/serve.ts';
import { quoteWithdrawal, withdrawByParent } from './withdraw.ts';

const tags = ['Enrollment'];

export const withdrawRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { ...ctx.registration, centerEmail: ctx.config.centerEmail };

    serve(
      app,
      enrollmentApi.withdrawalQuote,
      {
        config: { errors: [403, 409] },
        tags,
        summary: 'The refund withdrawing this child today gives',
        description:
          'For the caller’s own enrolled child: the session’s refund policy in plain words, which rule applies today (the center’s date), the registration and supply fee refunded (cents, the family’s sibling discount recomputed), and the refund, never more than the payment still holds. 404 unknown or another family’s enrollment; 409 a place that is not enrolled or a session that has ended; 403 a staff account.',
      },
      // Answered with `Cache-Control: no-store`, as every call with a token (authenticate.ts).
      async (request) => quoteWithdrawal(deps, currentUser(request), request.params.enrollmentId),
    );

    serve(
      app,
      enrollmentApi.withdraw,
      {
        config: { errors: [403, 409] },
        tags,
        summary: 'Withdraw the caller’s child and refund under the session’s policy',
        description:
          '`expectedRefund` is the refund (cents) the parent confirmed: when today’s refund differs, 409 with the new amount and nothing changes. The refund goes back through the payment provider (Stripe; the test checkout records it), the seat is offered to the next family on the waitlist, every parent of the child and the center are emailed, and the change is audited. The same `idempotencyKey` again answers the same result with one refund; a place already withdrawn (by staff or another parent) is 409. `refundStatus` `Failed`: the child is withdrawn and the center was told to refund by hand.',
      },
      async (request) => {
        const result = await withdrawByParent(
          deps,
          currentUser(request),
          request.params.enrollmentId,
          request.body,
        );
        ctx.work.runNow().catch(() => {});
        return result;
      },
    );
  };
