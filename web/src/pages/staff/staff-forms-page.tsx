import { routes } from '@lc/contract';
import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getStaffForms, staffFormKeys } from '../../api/staff-forms';
import { LoadFailed, Loading } from '../../features/family/load-states';
import classes from '../../features/staff/staff.module.css';
import {
  FORM_KIND_LABELS,
  FORM_REQUIREMENT_LABELS,
  FORM_STATUS_LABELS,
} from '../../features/staff-forms/labels';
import { usePageTitle } from '../../layout/use-page-title';

/**
 * /staff/forms (issue 26; decision 036, the director): every form families sign, by program, with its status,
 * current version and whether a draft of the next is waiting; "Write a form" opens the editor.
 */
export default function StaffFormsPage() {
  usePageTitle('Staff · Forms');
  const forms = useQuery({ queryKey: staffFormKeys.list(), queryFn: ({ signal }) => getStaffForms(signal) });
  return (
    <Stack gap="lg" mt="lg" className={classes.page}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>Forms</Title>
          <Text c="dimmed" maw="70ch">
            The forms families sign in the portal, per program. Publishing makes a version that never changes;
            a new version asks every family to sign again from the moment it is published.
          </Text>
        </div>
        <Button component={Link} to={routes.staffNewForm}>
          Write a form
        </Button>
      </Group>
      {forms.status === 'pending' ? <Loading label="Loading forms…" /> : null}
      {forms.status === 'error' ? (
        <LoadFailed message="The forms could not be loaded." retry={() => forms.refetch()} />
      ) : null}
      {forms.status === 'success' && forms.data.length === 0 ? (
        <Text>No forms yet. Write the first one, like the enrollment agreement.</Text>
      ) : null}
      {forms.status === 'success' && forms.data.length > 0 ? (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Form</Table.Th>
                <Table.Th scope="col">Program</Table.Th>
                <Table.Th scope="col">Kind</Table.Th>
                <Table.Th scope="col">Required</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {forms.data.map((form) => (
                <Table.Tr key={form.id}>
                  <Table.Td>
                    <Anchor component={Link} to={routes.staffForm(form.id)} fw={600}>
                      {form.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{form.programName}</Table.Td>
                  <Table.Td>{FORM_KIND_LABELS[form.kind]}</Table.Td>
                  <Table.Td>{FORM_REQUIREMENT_LABELS[form.requirement]}</Table.Td>
                  <Table.Td>
                    <Group gap={6}>
                      <Badge
                        variant="filled"
                        color={form.status === 'Published' ? 'oak.8' : 'gray.7'}
                        style={{ textTransform: 'none' }}
                      >
                        {FORM_STATUS_LABELS[form.status]}
                        {form.currentVersion ? ` · v${form.currentVersion}` : ''}
                      </Badge>
                      {form.hasDraft && form.currentVersion ? (
                        <Badge variant="filled" color="honey.9" style={{ textTransform: 'none' }}>
                          Draft of v{form.currentVersion + 1}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
