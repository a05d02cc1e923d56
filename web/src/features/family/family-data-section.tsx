/**
 * "Your family's data" on the portal's home (issue 13): **Download our data** saves one ZIP with everything
 * the center holds about the family (`GET /api/Family/Export`: family.json and a CSV per table).
 */
import { api } from '@lc/contract';
import { Alert, Button, Card, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { apiDownload } from '../../api/client';
import { saveFile } from '../../lib/save-file';

export function FamilyDataSection() {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <Card component="section" aria-labelledby="family-data" withBorder radius="lg" padding="lg">
      <Title order={2} size="h3" id="family-data" mb={6}>
        Your family’s data
      </Title>
      <Text size="sm" mb="sm">
        Download one file with everything we hold about your family — children, allergies, contacts, places,
        waitlists, payments, drop-offs and pickups, and the emails we sent you — as JSON and as spreadsheets.
      </Text>
      {failed ? (
        <Alert color="red" variant="light" role="alert" mb="sm">
          We could not prepare your file just now. Please try again in a moment.
        </Alert>
      ) : null}
      <Button
        variant="default"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          setFailed(false);
          try {
            const { blob, fileName } = await apiDownload(api.familyExport);
            saveFile(blob, fileName);
          } catch {
            setFailed(true);
          } finally {
            setBusy(false);
          }
        }}
      >
        Download our data
      </Button>
    </Card>
  );
}
