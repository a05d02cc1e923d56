/**
 * The family's records as TanStack query options (docs/architecture.md, "Web"): children, their
 * allergies and the emergency contacts. Each names its key (query-keys.ts) and its call once,
 * for the page's `useQuery` and the route's loader (router.tsx).
 */
import { queryOptions } from '@tanstack/react-query';
import { getChildrenAndContacts, getStudent, getStudents, getTrustee } from '../family.ts';
import { familyKeys } from '../query-keys.ts';

export const familyQueries = {
  /** GET /api/Student: the family's children. */
  students: () =>
    queryOptions({ queryKey: familyKeys.students(), queryFn: ({ signal }) => getStudents(signal) }),
  /** GET /api/Student/{studentId}; a 404 when it is not one of the family's children. */
  student: (studentId: string | undefined) =>
    queryOptions({
      queryKey: familyKeys.student(studentId),
      queryFn: ({ signal }) => getStudent(studentId, signal),
    }),
  /** The children and the emergency contacts, read together (the portal's overview and contacts page). */
  childrenAndContacts: () =>
    queryOptions({
      queryKey: familyKeys.childrenAndContacts(),
      queryFn: ({ signal }) => getChildrenAndContacts(signal),
    }),
  /** The children, and the contact `trusteeId` to edit (null for a new contact). */
  contactForm: (trusteeId: string | undefined) =>
    queryOptions({
      queryKey: familyKeys.contactForm(trusteeId),
      queryFn: async ({ signal }) => {
        const [students, trustee] = await Promise.all([
          getStudents(signal),
          trusteeId === undefined ? Promise.resolve(null) : getTrustee(trusteeId, signal),
        ]);
        return { students, trustee };
      },
    }),
};
