/**
 * Families and children on the staff side (issue 10): search families, a family's page and a child's page.
 * Every route is `auth: 'staff'` (401 anonymous, 403 a parent). A teacher sees only the families and children
 * of the sessions they teach; anything else answers 404, like an unknown id (staff-visibility.ts explains
 * the scope). Only the director writes here: taking a parent out of a shared family (issue 13). Each route
 * registers from its `familyApi` row (contract/src/api/family.ts; http/serve.ts).
 */
import { familyApi } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { isUuid } from '../../lib/ids.ts';
import { requireAdmin } from '../team/access.ts';
import { removeFromFamily } from './co-parents.ts';
import { listFamilies, readChild, readFamily } from './staff-families.ts';

const tags = ['Staff'];

export const staffFamilyRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(
      app,
      familyApi.staffFamilies,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Search families (paginated)',
        description:
          'Parent accounts with their children, matched by a parent’s name or email, a child’s name, or a phone number in any format (the parent’s mobile or an emergency contact’s phones). The director sees every family; a teacher only families with a child enrolled, holding a seat or on the waitlist in a session they teach.',
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { items, total } = await listFamilies(ctx.db, ctx.clock, currentUser(request), request.query);
        return { items, total, page: request.query.page, pageSize: request.query.pageSize };
      },
    );

    serve(
      app,
      familyApi.staffFamily,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'A family’s page',
        description:
          'Parents, children (age, allergies), emergency contacts (who may pick up), places, waitlist places, payments in cents (the director only; null for a teacher) and inbox history (null without the inbox). A teacher sees only the children of their sessions; 404 for a family outside them.',
      },
      async (request, reply) => {
        const { userId } = request.params;
        const family = isUuid(userId)
          ? await readFamily(ctx.db, ctx.clock, currentUser(request), userId)
          : null;
        if (!family) throw notFound('family');
        reply.header('cache-control', 'no-store');
        return family;
      },
    );

    serve(
      app,
      familyApi.staffChild,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'A child’s page',
        description:
          'Details, age, allergies, parents, emergency contacts and who may pick up, every place and waitlist place, check-ins, and who changed what (a teacher sees who and when, not the values before and after). 404 for a child the caller may not see.',
      },
      async (request, reply) => {
        const { studentId } = request.params;
        const child = isUuid(studentId)
          ? await readChild(ctx.db, ctx.clock, currentUser(request), studentId)
          : null;
        if (!child) throw notFound('child');
        reply.header('cache-control', 'no-store');
        return child;
      },
    );

    serve(
      app,
      familyApi.staffRemoveFromFamily,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Take a parent account out of the family it shares (the director only)',
        description:
          'Issue 13, co-parents: custody disputes are settled by the center, not by whoever clicks first. The account loses the family’s children and contacts; the other parents keep them. Both sides are emailed; audited. 403 for a teacher; 404 when the account shares no family.',
        replyDescription: 'Removed',
      },
      async (request, reply) => {
        const user = currentUser(request);
        requireAdmin(user);
        await removeFromFamily(ctx, user.id, request.params.userId, true);
        ctx.work.runNow();
        return reply.status(204).send(null);
      },
    );
  };
