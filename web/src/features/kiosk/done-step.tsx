import type { DoorResult, RatioNow } from '@lc/contract';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type HeadingRef, key, readableTitle } from './kiosk-parts';

/** "All set": what was recorded for each child (or why not); any tap or key press goes back to scanning. */
export function DoneStep({
  headingRef,
  results,
  kind,
  ratioWarnings = [],
  onDone,
}: {
  headingRef: HeadingRef;
  results: DoorResult[];
  kind: 'CheckIn' | 'CheckOut';
  /** Rooms this drop-off left over their ratio (issue 26): the child is in; the person here is warned. */
  ratioWarnings?: RatioNow[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
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
        {ratioWarnings.map((r) => (
          <Alert
            styles={readableTitle}
            key={`ratio-${r.classSessionId}`}
            color="orange"
            variant="light"
            title={t('duty.kiosk.overWarning', { room: r.name })}
          >
            {t('duty.kiosk.overBody', {
              children: t('duty.ratio.children', { count: r.children }),
              adults: t('duty.ratio.adults', { count: r.adults }),
              needed: t('duty.ratio.needed', { count: r.required }),
            })}
          </Alert>
        ))}
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
