import type { DoorResult } from '@lc/contract';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { type HeadingRef, key, readableTitle } from './kiosk-parts';

/** "All set": what was recorded for each child (or why not); any tap or key press goes back to scanning. */
export function DoneStep({
  headingRef,
  results,
  kind,
  onDone,
}: {
  headingRef: HeadingRef;
  results: DoorResult[];
  kind: 'CheckIn' | 'CheckOut';
  onDone: () => void;
}) {
  const done = results.filter((r) => r.outcome !== 'refused');
  // Any tap or key press goes back to scanning at once (the timer in KioskMode does it after DONE_AFTER_MS).
  useEffect(() => {
    const next = (event: Event) => {
      if (event instanceof KeyboardEvent && event.repeat) return;
      onDone();
    };
    document.addEventListener('keydown', next);
    document.addEventListener('pointerdown', next);
    return () => {
      document.removeEventListener('keydown', next);
      document.removeEventListener('pointerdown', next);
    };
  }, [onDone]);
  const title =
    done.length === 0
      ? 'Nothing was recorded'
      : kind === 'CheckIn'
        ? 'Thank you! Have a lovely day.'
        : 'All set. See you next time!';
  return (
    <Stack gap="lg">
      <Title order={1} ref={headingRef} tabIndex={-1}>
        {title}
      </Title>
      <Stack gap="sm" role="status">
        {results.map((r) =>
          r.outcome === 'refused' ? (
            <Alert styles={readableTitle} key={key(r)} color="red" variant="light" title={r.firstName}>
              {r.reason}
            </Alert>
          ) : (
            <Alert styles={readableTitle} key={key(r)} color="green" variant="light" title={r.firstName}>
              {kind === 'CheckIn' ? 'Checked in' : 'Picked up'}
              {r.outcome === 'already' ? ' (already recorded a moment ago)' : ''}.
            </Alert>
          ),
        )}
      </Stack>
      <Text role="status" aria-live="polite">
        Back to scanning in a few seconds. Tap anywhere or press any key to continue now.
      </Text>
      <Group>
        <Button size="lg" onClick={onDone}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
