import { routes } from '@lc/contract';
import { Anchor, Badge, Button, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { getSessionForms, staffFormKeys, verifySignature } from '../../api/staff-forms';
import { LoadFailed, Loading } from '../../features/family/load-states';
import { failureMessage } from '../../features/forms/feedback';
import { notifyError } from '../../features/forms/notify';
import classes from '../../features/staff/staff.module.css';
import { SIGNATURE_STATUS_LABELS } from '../../features/staff-forms/labels';
import { usePageTitle } from '../../layout/use-page-title';

/**
 * /staff/sessions/:id/forms (issue 26; decision 036): who in the session has signed which of its program's
 * forms (the teacher of the session or the director); a signed copy opens as a PDF through its signed link,
 * and "Check" recomputes the document's fingerprint on the server.
 */
export default function StaffSessionFormsPage() {
  const { classSessionId = '' } = useParams();
  const id = Number(classSessionId);
  const view = useQuery({
    queryKey: staffFormKeys.session(id),
    queryFn: ({ signal }) => getSessionForms(id, signal),
  });
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  usePageTitle(`Staff · ${view.data?.session.name ?? 'Session'} · Signed forms`);
  const check = async (signatureId: string) => {
    try {
      const result = await verifySignature(signatureId);
      setChecked((c) => ({ ...c, [signatureId]: result.matches }));
    } catch (error) {
      notifyError(failureMessage(error, 'The check did not run. Please try again.'));
    }
  };
  return (
    <Stack gap="lg" mt="lg" className={classes.page}>
      <Anchor component={Link} to={routes.staffSession(classSessionId)} size="sm">
        Back to the roster
      </Anchor>
      <Title order={1}>{view.data ? `${view.data.session.name}: signed forms` : 'Signed forms'}</Title>
      {view.status === 'pending' ? <Loading label="Loading signed forms…" /> : null}
      {view.status === 'error' ? (
        <LoadFailed message="The signed forms could not be loaded." retry={() => view.refetch()} />
      ) : null}
      {view.status === 'success' && view.data.forms.length === 0 ? (
        <Text>This session’s program asks families for no forms.</Text>
      ) : null}
      {view.status === 'success' && view.data.forms.length > 0 ? (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Child</Table.Th>
                {view.data.forms.map((f) => (
                  <Table.Th scope="col" key={f.formId}>
                    {f.title} (v{f.version})
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.data.children.map((child) => (
                <Table.Tr key={child.studentId}>
                  <Table.Th scope="row">
                    {child.firstName} {child.lastName}
                  </Table.Th>
                  {child.forms.map((f) => (
                    <Table.Td key={f.formId}>
                      <Stack gap={4} align="flex-start">
                        <Badge
                          variant="filled"
                          color={
                            f.status === 'Signed'
                              ? 'oak.8'
                              : f.status === 'NeedsResign'
                                ? 'honey.9'
                                : 'gray.7'
                          }
                          style={{ textTransform: 'none' }}
                        >
                          {SIGNATURE_STATUS_LABELS[f.status]}
                          {f.status === 'NeedsResign' ? ` (v${f.signedVersion})` : ''}
                        </Badge>
                        {f.pdfUrl && f.signatureId ? (
                          <>
                            <Anchor href={f.pdfUrl} target="_blank" rel="noopener" size="sm">
                              Signed copy of {child.firstName}’s form (PDF)
                            </Anchor>
                            <Button size="compact-xs" variant="default" onClick={() => check(f.signatureId!)}>
                              Check the fingerprint
                            </Button>
                            {f.signatureId in checked ? (
                              <Text size="xs" role="status">
                                {checked[f.signatureId]
                                  ? 'Matches the document signed.'
                                  : 'Does not match: the stored document changed.'}
                              </Text>
                            ) : null}
                          </>
                        ) : null}
                      </Stack>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
