/**
 * The door tablets (issue 11): each kiosk with who set it up, when it was last used and whether it still
 * works, "Stop this tablet" (after a confirmation: a lost tablet, or one leaving the door), and the link that
 * turns the device in hand into the door kiosk.
 */
import { type Kiosk, routes } from '@lc/contract';
import { Alert, Badge, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { listKiosks, revokeKiosk } from '../../api/passes';
import { staffKeys } from '../../api/query-keys';
import { failureMessage } from '../forms/feedback';
import { useSubmit } from '../forms/use-submit';
import { DialogActions, StaffDialog } from '../staff/staff-dialog';
import { formatWhen } from '../staff/staff-format';
import { type StaffColumn, StaffTable } from '../staff-table/staff-table';

/** The door tablets table's columns (decision 030): the tablet, who set it up and when, last used, status. */
const TABLET_COLUMNS: ReadonlyArray<StaffColumn<Kiosk>> = [
  { id: 'tablet', header: 'Tablet', cell: (kiosk) => kiosk.name },
  { id: 'by', header: 'Set up by', cell: (kiosk) => kiosk.createdBy ?? '—' },
  { id: 'created', header: 'Set up', nowrap: true, cell: (kiosk) => formatWhen(kiosk.created) },
  {
    id: 'seen',
    header: 'Last used',
    nowrap: true,
    cell: (kiosk) => (kiosk.lastSeenAt ? formatWhen(kiosk.lastSeenAt) : 'Not yet'),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (kiosk) =>
      kiosk.revokedAt ? (
        `Stopped ${formatWhen(kiosk.revokedAt)}`
      ) : (
        <Badge color="oak.8" variant="filled" radius="sm" tt="none">
          Working
        </Badge>
      ),
  },
];

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
        {kiosks.data ? (
          <StaffTable
            label="Door tablets table"
            rows={kiosks.data}
            rowId={(kiosk) => String(kiosk.id)}
            columns={TABLET_COLUMNS}
            actions={(kiosk) =>
              kiosk.revokedAt ? null : (
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => setStopping(kiosk)}
                  aria-label={`Stop the tablet “${kiosk.name}”`}
                >
                  Stop this tablet
                </Button>
              )
            }
            empty="No door tablets are set up yet. Open the door kiosk on the tablet by the door to set it up."
          />
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
