/**
 * Demo content for co-parents (issue 13): Riley Avery shares the demo family with Jordan, so a visitor can log
 * in as either parent and see the same children, contacts and payments, and try Family sharing (leave, invite).
 * The shared family is built the way accepting an invitation builds it (features/family/co-parents.ts): both
 * accounts in `family_members`, each mapped to every child and contact.
 */
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../client.ts';
import { users } from '../schema.ts';

/** The demo co-parent's login (README, "What the demo shows"); the same password as the demo parent. */
export const DEMO_CO_PARENT = {
  emailAddress: 'riley@brightoak.example',
  password: 'sunflower-demo',
  firstName: 'Riley',
  lastName: 'Avery',
} as const;

/**
 * Insert Riley and share `demoParentEmail`'s family with them. `passwordHash` is the demo parent's hash (the
 * same password, so no second Argon2 run at start-up).
 */
export async function insertDemoCoParent(
  tx: Tx,
  demoParentEmail: string,
  passwordHash: string,
): Promise<void> {
  const [parent] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.emailAddress, demoParentEmail));
  const { password: _plain, ...names } = DEMO_CO_PARENT;
  const [riley] = await tx
    .insert(users)
    .values({ type: 'Parent', ...names, password: passwordHash, emailConfirmedAt: new Date() })
    .returning({ id: users.id });
  const [family] = await queryRows<{ id: string }>(tx, sql`insert into families default values returning id`);
  await tx.execute(sql`insert into family_members (family_id, user_id, invited_by, joined_at) values
    (${family!.id}, ${parent!.id}, null, now() - interval '30 days'),
    (${family!.id}, ${riley!.id}, ${parent!.id}, now() - interval '29 days')`);
  await tx.execute(sql`insert into user_students (user_id, student_id)
    select ${riley!.id}::uuid, student_id from user_students where user_id = ${parent!.id}`);
  await tx.execute(sql`insert into user_trustees (user_id, trustee_id)
    select ${riley!.id}::uuid, trustee_id from user_trustees where user_id = ${parent!.id}`);
  // Riley has proposed sharing the bills half and half (issue 23): the demo parent sees it in Billing to accept.
  const rule = { kind: 'percent', percents: { [parent!.id]: 50, [riley!.id]: 50 } };
  await tx.execute(sql`insert into billing_splits (family_id, proposed_by, rule, created)
    values (${family!.id}, ${riley!.id}, ${JSON.stringify(rule)}::jsonb, now() - interval '1 day')`);
}
