import { Paper, Text } from '@mantine/core';

/**
 * The family's eligibility sentence (GET …/VerifyEligibility) at the top of the enroll and waitlist
 * pages, on a soft band. Not an alert: it is information the page opens with, not news.
 */
export function EligibilityNote({ sentence }: { sentence: string }) {
  return (
    <Paper radius="md" p="md" bg="var(--mantine-primary-color-light)">
      <Text>{sentence}</Text>
    </Paper>
  );
}
