/**
 * The demo families whose children fill seats (docs/architecture.md, Layers: the storage layer's seed): one
 * parent with a mobile number and one child each, and a grandparent who may pick up. Their parents cannot log in.
 */
import type { Tx } from '../client.ts';
import { students, studentTrustees, trustees, userStudents, users, userTrustees } from '../schema.ts';
import { addDays } from './demo-dates.ts';

/** A password hash that no password verifies: demo families that fill seats cannot log in. */
const NO_LOGIN = '!demo-family-no-login';

const FIRST = [
  'Maya',
  'Leo',
  'Aria',
  'Mateo',
  'Nora',
  'Kai',
  'Zoe',
  'Ethan',
  'Lily',
  'Noah',
  'Ava',
  'Diego',
  'Hana',
  'Omar',
];
const LAST = [
  'Nguyen',
  'Garcia',
  'Patel',
  'Kim',
  'Johnson',
  'Rossi',
  'Chen',
  'Okafor',
  'Silva',
  'Cohen',
  'Singh',
  'Lopez',
  'Tanaka',
  'Haddad',
];
/** Grandparents' first names, one per demo family (cycled). */
const GRANDPARENT = [
  'Rosa',
  'Walter',
  'Mei',
  'Harold',
  'Lucia',
  'Frank',
  'Amara',
  'George',
  'Ines',
  'Arthur',
];

const PARENT = [
  'Linh',
  'Carlos',
  'Priya',
  'Min-jun',
  'Rachel',
  'Marco',
  'Wei',
  'Chidi',
  'Ana',
  'Daniel',
  'Harpreet',
  'Sofia',
  'Yuki',
  'Layla',
];

/** Insert `n` demo families; answers each family's parent and child, in order. */
export async function insertDemoFamilies(tx: Tx, today: string, n: number) {
  const parents = await tx
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        type: 'Parent',
        firstName: PARENT[i]!,
        lastName: LAST[i]!,
        emailAddress: `${PARENT[i]!.toLowerCase().replace(/[^a-z]/g, '')}.${LAST[i]!.toLowerCase()}@families.example`,
        password: NO_LOGIN,
        // A mobile number for each demo parent (555-01xx numbers are reserved for fiction).
        sms: `+1650555${String(100 + i).padStart(4, '0')}`,
        emailConfirmedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  const kids = await tx
    .insert(students)
    .values(
      Array.from({ length: n }, (_, i) => ({
        firstName: FIRST[i]!,
        lastName: LAST[i]!,
        // Ages 3 years 8 months to 5 years.
        dateOfBirth: addDays(today, -(1340 + ((i * 37) % 480))),
        city: 'Redwood City',
        state: 'CA',
        zipCode: '94061',
      })),
    )
    .returning({ id: students.id });
  await tx.insert(userStudents).values(parents.map((p, i) => ({ userId: p.id, studentId: kids[i]!.id })));
  // A grandparent who may pick up, for each family: the roster's pickup column has people in it.
  const grandparents = await tx
    .insert(trustees)
    .values(
      Array.from({ length: n }, (_, i) => ({
        firstName: GRANDPARENT[i % GRANDPARENT.length]!,
        lastName: LAST[i]!,
        relationship: i % 2 === 0 ? 'Grandmother' : 'Grandfather',
        cellPhone: `+1650555${String(2100 + i).padStart(4, '0')}`,
        canPickup: true,
        receiveSMS: false,
        receiveEmail: false,
      })),
    )
    .returning({ id: trustees.id });
  await tx
    .insert(userTrustees)
    .values(parents.map((p, i) => ({ userId: p.id, trusteeId: grandparents[i]!.id })));
  await tx
    .insert(studentTrustees)
    .values(kids.map((k, i) => ({ studentId: k.id, trusteeId: grandparents[i]!.id })));
  return parents.map((p, i) => ({ userId: p.id, studentId: kids[i]!.id }));
}
