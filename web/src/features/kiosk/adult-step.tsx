import type { DoorScan } from '@lc/contract';
import { Alert, Badge, Button, Checkbox, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { type HeadingRef, key, readableTitle } from './kiosk-parts';

const STATE_WORDS = { NotArrived: 'Not checked in yet', In: 'Checked in', Out: 'Picked up' } as const;

/** After the scan: the adult on the pass, the children they may bring or take today, drop off or pick up. */
export function AdultStep({
  headingRef,
  scan,
  problem,
  onCancel,
  onDropOff,
  onPickUp,
}: {
  headingRef: HeadingRef;
  scan: DoorScan;
  problem: string | null;
  onCancel: () => void;
  onDropOff: (chosen: string[]) => Promise<void>;
  onPickUp: (chosen: string[]) => void;
}) {
  // Children who are in are the likely pickups; the others the likely drop-offs: start with the whole group
  // of the likelier action chosen.
  const anyIn = scan.children.some((c) => c.state === 'In');
  const [chosen, setChosen] = useState<string[]>(() =>
    scan.children.filter((c) => (anyIn ? c.state === 'In' : c.state !== 'In')).map(key),
  );
  const [busy, setBusy] = useState(false);
  const picked = scan.children.filter((c) => chosen.includes(key(c)));
  const canDropOff = picked.length > 0 && picked.every((c) => c.state !== 'In');
  const canPickUp = picked.length > 0 && picked.every((c) => c.state === 'In');
  return (
    <Stack gap="lg">
      <Group wrap="nowrap" align="center">
        {scan.photo ? (
          <Image src={scan.photo} alt={`Photo of ${scan.holderName}`} w={96} h={96} radius="md" fit="cover" />
        ) : null}
        <div>
          <Title order={1} ref={headingRef} tabIndex={-1}>
            Hello, {scan.holderName}
          </Title>
          <Text c="dimmed">{scan.relationship}</Text>
        </div>
      </Group>
      {problem ? (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      ) : null}
      {scan.children.length === 0 ? (
        <Alert styles={readableTitle} color="yellow" variant="light" role="status" title="No sessions today">
          None of the children on this pass has a session today. If you think that’s wrong, please ask a staff
          member.
        </Alert>
      ) : (
        <ChildrenChoice choices={scan.children} value={chosen} onChange={setChosen} />
      )}
      <Group>
        <Button
          size="lg"
          disabled={!canDropOff}
          loading={busy}
          onClick={async () => {
            setBusy(true);
            await onDropOff(chosen);
            setBusy(false);
          }}
        >
          Drop off
        </Button>
        <Button size="lg" color="green.9" disabled={!canPickUp} onClick={() => onPickUp(chosen)}>
          Pick up
        </Button>
        <Button size="lg" variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
      {scan.pinLocked ? (
        <Alert color="yellow" variant="light" role="status">
          Too many wrong PINs were tried with this pass, so pickups with it are paused for a few minutes. A
          staff member can confirm the photo instead.
        </Alert>
      ) : null}
    </Stack>
  );
}

/** The children on the pass with a session today, each a card to choose (with any allergy in red). */
function ChildrenChoice({
  choices,
  value,
  onChange,
}: {
  choices: DoorScan['children'];
  value: string[];
  onChange: (chosen: string[]) => void;
}) {
  return (
    <Checkbox.Group
      label="Choose the children"
      value={value}
      onChange={onChange}
      styles={{ label: { fontSize: 'var(--mantine-font-size-lg)', marginBottom: 8 } }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {choices.map((c) => (
          <Checkbox.Card key={key(c)} value={key(c)} radius="md" p="md" withBorder>
            <Group wrap="nowrap" align="flex-start">
              <Checkbox.Indicator />
              <div>
                <Text fw={700} fz="lg">
                  {c.firstName} {c.lastName}
                </Text>
                <Text fz="sm">{c.sessionName}</Text>
                <Text fz="sm" c="dimmed">
                  {c.lastEvent ?? STATE_WORDS[c.state]}
                </Text>
                {c.allergies.length > 0 ? (
                  <Badge color="red" variant="filled" mt={6}>
                    Allergy: {c.allergies.join(', ')}
                  </Badge>
                ) : null}
              </div>
            </Group>
          </Checkbox.Card>
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
