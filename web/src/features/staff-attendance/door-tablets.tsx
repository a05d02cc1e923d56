/**
 * The door tablets (issue 11): each kiosk with who set it up, when it was last used and whether it still
 * works, "Stop this tablet" (after a confirmation: a lost tablet, or one leaving the door), and the link that
 * turns the device in hand into the door kiosk.
 */
import { type Kiosk, routes } from '@lc/contract';
import { Alert, Badge, Button, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { listKiosks, revokeKiosk } from '../../api/passes';
import { staffKeys } from '../../api/query-keys';
import { failureMessage } from '../forms/feedback';
import { useSubmit } from '../forms/use-submit';
import { ColumnHeads } from '../staff/list-parts';
import classes from '../staff/staff.module.css';
import { DialogActions, StaffDialog } from '../staff/staff-dialog';
import { formatWhen } from '../staff/staff-format';
import { TableRegion } from '../staff-families/family-parts';

/** The "Door tablets" section of the attendance page. */
export function DoorTablets() {
  const kiosks = useQuery({ queryKey: staffKeys.kiosks(), queryFn: ({ signal }) => listKiosks(signal) });
  const [stopping, setStopping] = useState<Kiosk | null>(null);
  return (
    <section aria-labelledby="tablets-heading">
      <Title order={2} fz="h3" id="tablets-heading" mb="xs">
        Door tablets
      </Title>
      <Stack gap="sm">
        <Text size="sm">
          A tablet by the door lets families check children in and out with their pickup pass.
        </Text>
        <div>
          <Button component={Link} to={routes.staffKiosk} variant="default">
            Open the door kiosk on this device
          </Button>
        </div>
        {kiosks.isPending ? <Text role="status">Loading the door tablets…</Text> : null}
        {kiosks.isError ? (
          <Alert color="red" variant="light" role="alert">
            We could not load the door tablets. Please check your connection and try again.
          </Alert>
        ) : null}
        {kiosks.data && kiosks.data.length === 0 ? <Text>No door tablets are set up yet.</Text> : null}
        {kiosks.data && kiosks.data.length > 0 ? (
          <TableRegion label="Door tablets table">
            <ColumnHeads columns={['Tablet', 'Set up by', 'Set up', 'Last used', 'Status']} actions />
            <Table.Tbody>
              {kiosks.data.map((kiosk) => (
                <Table.Tr key={kiosk.id}>
                  <Table.Th scope="row">{kiosk.name}</Table.Th>
                  <Table.Td>{kiosk.createdBy ?? '—'}</Table.Td>
                  <Table.Td className={classes.nowrap}>{formatWhen(kiosk.created)}</Table.Td>
                  <Table.Td className={classes.nowrap}>
                    {kiosk.lastSeenAt ? formatWhen(kiosk.lastSeenAt) : 'Not yet'}
                  </Table.Td>
                  <Table.Td>
                    {kiosk.revokedAt ? (
                      `Stopped ${formatWhen(kiosk.revokedAt)}`
                    ) : (
                      <Badge color="oak.8" variant="filled" radius="sm" tt="none">
                        Working
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {kiosk.revokedAt ? null : (
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={() => setStopping(kiosk)}
                        aria-label={`Stop the tablet “${kiosk.name}”`}
                      >
                        Stop this tablet
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </TableRegion>
        ) : null}
      </Stack>
      <StopTabletDialog kiosk={stopping} onClose={() => setStopping(null)} />
    </section>
  );
}

/**
 * Confirm, then revoke the tablet: its next call is refused and it shows the staff login again. The title and
 * text stay put while the dialog closes (the kiosk is already gone by then).
 */
function StopTabletDialog({ kiosk, onClose }: { kiosk: Kiosk | null; onClose: () => void }) {
  const shown = useRef(kiosk);
  if (kiosk) shown.current = kiosk;
  return (
    <StaffDialog opened={kiosk !== null} onClose={onClose} title="Stop this tablet?">
      {shown.current ? <StopTabletForm kiosk={shown.current} onClose={onClose} /> : null}
    </StaffDialog>
  );
}

/**
 * The confirmation, a form of the kit (docs/architecture.md, "Forms") with no field: a refusal shows in the
 * dialog's alert, which goes with the dialog when it closes (its content is unmounted).
 */
function StopTabletForm({ kiosk, onClose }: { kiosk: Kiosk; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm();
  const { onSubmit, failure, submitting } = useSubmit(form, {
    action: () => revokeKiosk(kiosk.id),
    fields: [],
    success: `The tablet “${kiosk.name}” has stopped working as a door kiosk.`,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: staffKeys.kiosks() });
      onClose();
    },
    alert: (error) => failureMessage(error, 'That did not work. Please check your connection and try again.'),
  });
  return (
    <form onSubmit={onSubmit} aria-label="Stop the tablet">
      <Stack gap="md">
        <Text size="sm">
          “{kiosk.name}” stops checking children in and out at once. Children can still be checked in and out
          by hand from the board. To use the tablet at the door again, set it up again from the door kiosk
          page.
        </Text>
        <DialogActions
          failure={failure}
          onCancel={onClose}
          submit="Stop the tablet"
          danger
          submitting={submitting}
        />
      </Stack>
    </form>
  );
}
