/**
 * The director's changes to children's places on a roster (issue 10, "Enrollments, waitlists and money"): a
 * session's enrolled children with their money, withdraw (with a preview), move, enroll by hand, act on the
 * waitlist, and the child search of the enroll-by-hand dialog. Every route is `auth: 'staff'` (401 anonymous,
 * 403 a parent) and the director's (403 for a teacher, checked before anything is read, so a teacher learns
 * nothing about any session). Writes are audited in their own transaction; money is cents. Each route
 * registers from its `officeApi` row (contract/src/api/office.ts; http/serve.ts).
 */
import { officeApi, parseClassSessionId } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { isUuid } from '../../lib/ids.ts';
import { requireAdmin } from '../team/access.ts';
import { bulkMove, previewBulkMove } from './office-bulk-move.ts';
import { bulkWithdraw, previewBulkWithdraw } from './office-bulk-withdraw.ts';
import { enrollByHand } from './office-enroll.ts';
import { moveChild, moveTargets } from './office-move.ts';
import { searchChildren, sessionEnrollments } from './office-places.ts';
import { actOnWaitlist } from './office-waitlist.ts';
import { previewWithdrawal, withdrawChild } from './office-withdraw.ts';

/** The OpenAPI tag, as the payments routes' (billing/money-routes.ts). */
const tags = ['Staff money'];

/** The office's changes to children's places (see the module comment). */
export const staffOfficeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = ctx.registration;
    const admin = (request: Parameters<typeof currentUser>[0]) => {
      const user = currentUser(request);
      requireAdmin(user);
      return user;
    };
    const sessionId = (raw: string) => {
      const id = parseClassSessionId(raw);
      if (id === null) throw notFound('session');
      return id;
    };
    const afterWrite = () => ctx.work.runNow().catch(() => {});

    serve(
      app,
      officeApi.enrollments,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'A session’s enrolled children with their payments (Admin)',
        description: 'Cents paid, refunded and still refundable per child, for the roster’s actions.',
      },
      async (request) => {
        admin(request);
        return sessionEnrollments(deps, sessionId(request.params.classSessionId));
      },
    );

    serve(
      app,
      officeApi.withdraw,
      {
        config: { auth: 'staff', errors: [409, 502] },
        tags,
        summary: 'Withdraw a child, optionally refunding (Admin)',
        description:
          'The enrollment becomes Withdrawn with the reason (the office’s internal note: kept on the enrollment and in the audit row, never mailed); the family is emailed with `familyMessage` when given (see `/withdraw/preview`); the freed seat is offered to the next waiting family (with an email), as when a hold lapses; the family is emailed. `refundAmount` (cents, default 0) refunds that much of the child’s payment after the withdrawal commits (502 if the provider refuses: the child stays withdrawn, nothing counts as refunded). 404 a child not enrolled. Audited.',
      },
      async (request) => {
        const user = admin(request);
        const id = sessionId(request.params.classSessionId);
        const result = await withdrawChild(deps, user.id, id, request.body);
        afterWrite();
        return result;
      },
    );

    serve(
      app,
      officeApi.withdrawPreview,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'What withdrawing a child would refund and mail, changing nothing (Admin)',
        description:
          '`quote`: the refund the session’s policy gives today (cents, as the parent’s withdrawal quote), where the dialog’s refund starts. `mails`: every mail the family would get with `familyMessage`, one per parent, exactly as sent. 404 unknown session or a child not enrolled in it.',
      },
      async (request) => {
        admin(request);
        return previewWithdrawal(deps, sessionId(request.params.classSessionId), request.body);
      },
    );

    serve(
      app,
      officeApi.moveTargets,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Sessions an enrolled child can move to (Admin)',
        description:
          'Shown to families (not hidden), not ended, with a seat left, where the child holds no place; by name. 404 unknown session or a child not enrolled in it.',
      },
      async (request) => {
        admin(request);
        return moveTargets(deps, sessionId(request.params.classSessionId), request.query.studentId);
      },
    );

    serve(
      app,
      officeApi.move,
      {
        config: { auth: 'staff', errors: [409] },
        tags,
        summary: 'Move a child to another session (Admin)',
        description:
          'One transaction: withdrawn here (the seat offered to this waitlist), enrolled in `toClassSessionId` with the same payment. 409 when that session is full or the child already has a place there. Audited.',
      },
      async (request) => {
        const user = admin(request);
        const result = await moveChild(deps, user.id, sessionId(request.params.classSessionId), request.body);
        afterWrite();
        return result;
      },
    );

    serve(
      app,
      officeApi.bulkMovePreview,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'What moving several children would do, child by child (Admin)',
        description:
          'Per child in `studentIds`: the price in `toClassSessionId` and the family’s balance there after the move (cents, as the single move quotes them), or `problem`, a sentence saying why the child cannot go (a place already there, no seat left once the children before them have theirs). Changes nothing. 404 an unknown session or a child not enrolled here; 409 a child no longer enrolled here.',
      },
      async (request) => {
        admin(request);
        return previewBulkMove(deps, sessionId(request.params.classSessionId), request.body);
      },
    );

    serve(
      app,
      officeApi.bulkMove,
      {
        config: { auth: 'staff', errors: [409] },
        tags,
        summary: 'Move several children to another session, all or none (Admin)',
        description:
          'One transaction: each child moved by the single move’s steps (withdrawn here, enrolled in `toClassSessionId` with the same payment, the family emailed, audited per child), then the freed seats offered to this waitlist. When one child cannot go (the session full, a place already there, no longer enrolled here) nothing changes: 409 naming the child.',
      },
      async (request) => {
        const user = admin(request);
        const result = await bulkMove(deps, user.id, sessionId(request.params.classSessionId), request.body);
        afterWrite();
        return result;
      },
    );

    serve(
      app,
      officeApi.bulkWithdrawPreview,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Each chosen child’s refund by the policy today (Admin)',
        description:
          'Per child in `studentIds`: the refund (cents) the single withdrawal’s dialog starts at — the session’s policy today, capped by what the payment still holds — and the sum. Changes nothing. 404 an unknown session or a child not enrolled in it.',
      },
      async (request) => {
        admin(request);
        return previewBulkWithdraw(deps, sessionId(request.params.classSessionId), request.body);
      },
    );

    serve(
      app,
      officeApi.bulkWithdraw,
      {
        config: { auth: 'staff', errors: [409] },
        tags,
        summary: 'Withdraw several children, each refunded by the policy (Admin)',
        description:
          'Every child is checked first (409 naming one no longer enrolled: nobody is withdrawn). Then each is withdrawn by the single withdrawal, in order, refunded what the policy gives at its turn (so brothers and sisters on one payment get what separate withdrawals would), the family mailed, audited per child. The same `idempotencyKey` again finishes what a lost answer left and refunds nobody twice. A provider refusing a refund leaves that child withdrawn with `refundFailed`.',
      },
      async (request) => {
        const user = admin(request);
        const result = await bulkWithdraw(
          deps,
          user.id,
          sessionId(request.params.classSessionId),
          request.body,
        );
        afterWrite();
        return result;
      },
    );

    serve(
      app,
      officeApi.enrollByHand,
      {
        config: { auth: 'staff', errors: [409] },
        tags,
        summary: 'Enroll a child by hand, e.g. paid by check (Admin)',
        description:
          'Records a Paid payment with provider `offline`, the amount (cents) and the note, and enrolls the child, within the session’s seats (409 when full or already enrolled). The family is emailed. Audited.',
      },
      async (request, reply) => {
        const user = admin(request);
        const result = await enrollByHand(
          deps,
          user.id,
          sessionId(request.params.classSessionId),
          request.body,
        );
        afterWrite();
        reply.code(201);
        return result;
      },
    );

    serve(
      app,
      officeApi.waitlistAction,
      {
        config: { auth: 'staff', errors: [409] },
        tags,
        summary: 'Offer a seat now, skip, or remove a waitlist place (Admin)',
        description:
          '`offer`: a free seat is offered to this child now (409 when none is free). `skip`: the child keeps waiting at the end of the line; a seat they were offered goes to the next family. `remove`: the place ends and the family is emailed. 204. Audited.',
        // The document's words for this 204 since before the API table (kept: the document does not change).
        replyDescription: 'Default Response',
      },
      async (request, reply) => {
        const user = admin(request);
        const id = sessionId(request.params.classSessionId);
        if (!isUuid(request.params.studentId)) throw notFound('waitlistPlace');
        await actOnWaitlist(deps, user.id, id, request.params.studentId, request.body.action);
        afterWrite();
        return reply.status(204).send(null);
      },
    );

    serve(
      app,
      officeApi.children,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Find a child to enroll by hand (Admin)',
        description: 'By the child’s name or a parent’s name or email; at most 20.',
      },
      async (request) => {
        admin(request);
        return searchChildren(deps, request.query.q);
      },
    );
  };
