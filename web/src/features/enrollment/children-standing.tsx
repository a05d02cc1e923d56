import type { SessionStudent } from '@lc/contract';
import { Stack, Text } from '@mantine/core';

/**
 * Where each child stands in the session, when none of them can do what the page is for. Nothing when
 * every child has the same sentence: the family's sentence at the top of the page already says it.
 */
export function ChildrenStanding({ students }: { students: readonly SessionStudent[] }) {
  if (new Set(students.map((s) => s.eligibility)).size <= 1) return null;
  return (
    <Stack gap="sm" mt="sm" component="ul" style={{ listStyle: 'none', padding: 0, marginBottom: 0 }}>
      {students.map((student) => (
        <li key={student.id}>
          <Text fw={700}>{student.fullName}</Text>
          <Text size="sm">{student.eligibility}</Text>
        </li>
      ))}
    </Stack>
  );
}
