import { routes, type StaffForm } from '@lc/contract';
import { Anchor, Badge, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { staffKeys } from '../../api/query-keys';
import { archiveStaffForm, getStaffForm, publishStaffForm, staffFormKeys } from '../../api/staff-forms';
import { getPrograms } from '../../api/staff-setup';
import { LoadFailed, Loading } from '../../features/family/load-states';
import { failureMessage } from '../../features/forms/feedback';
import { notifyError, notifySuccess } from '../../features/forms/notify';
import classes from '../../features/staff/staff.module.css';
import { FormEditor } from '../../features/staff-forms/form-editor';
import { FORM_STATUS_LABELS } from '../../features/staff-forms/labels';
import { usePageTitle } from '../../layout/use-page-title';

/**
 * /staff/forms/new and /staff/forms/:formId (issue 26; decision 036, the director): write a form, save the
 * draft of its next version, publish it (a new version families sign from then on), archive it; the versions
 * published so far with how many signatures each has.
 */
export default function StaffFormPage() {
  const { formId } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const form = useQuery({
    queryKey: staffFormKeys.form(formId ?? ''),
    queryFn: ({ signal }) => getStaffForm(formId!, signal),
    enabled: Boolean(formId),
  });
  const programs = useQuery({ queryKey: staffKeys.programs(), queryFn: ({ signal }) => getPrograms(signal) });
  usePageTitle(formId ? `Staff · ${form.data?.title ?? 'Form'}` : 'Staff · Write a form');

  const saved = (next: StaffForm) => {
    queryClient.setQueryData(staffFormKeys.form(next.id), next);
    void queryClient.invalidateQueries({ queryKey: staffFormKeys.list() });
    if (!formId) navigate(routes.staffForm(next.id), { replace: true });
  };
  const act = async (what: 'publish' | 'archive', id: string) => {
    setBusy(true);
    try {
      const next = what === 'publish' ? await publishStaffForm(id) : await archiveStaffForm(id);
      saved(next);
      notifySuccess(
        what === 'publish'
          ? `Version ${next.currentVersion} is published. Families are asked to sign it from now on.`
          : 'The form is archived. Families are no longer asked to sign it.',
      );
    } catch (error) {
      notifyError(failureMessage(error, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const data = form.data ?? null;
  const loading = (formId && form.status === 'pending') || programs.status === 'pending';
  return (
    <Stack gap="lg" mt="lg" className={classes.page}>
      <Anchor component={Link} to={routes.staffForms} size="sm">
        All forms
      </Anchor>
      <div>
        <Title order={1}>{data ? data.title : 'Write a form'}</Title>
        {data ? (
          <Group gap="xs" mt="xs">
            <Badge variant="filled" color="blue.8" style={{ textTransform: 'none' }}>
              {FORM_STATUS_LABELS[data.status]}
              {data.currentVersion ? ` · version ${data.currentVersion}` : ''}
            </Badge>
            {data.hasDraft && data.status !== 'Archived' ? (
              <Text size="sm">
                {data.currentVersion
                  ? `The draft below becomes version ${data.currentVersion + 1} when you publish it.`
                  : 'Families see nothing until you publish it.'}
              </Text>
            ) : null}
          </Group>
        ) : null}
      </div>
      {loading ? <Loading label="Loading the form…" /> : null}
      {form.status === 'error' || programs.status === 'error' ? (
        <LoadFailed message="The form could not be loaded." retry={() => void form.refetch()} />
      ) : null}
      {!loading && programs.status === 'success' && (!formId || data) ? (
        <FormEditor key={data?.id ?? 'new'} form={data} programs={programs.data} onSaved={saved} />
      ) : null}
      {data && data.status !== 'Archived' ? (
        <Group>
          <Button onClick={() => act('publish', data.id)} loading={busy} disabled={!data.hasDraft}>
            {data.currentVersion ? `Publish version ${data.currentVersion + 1}` : 'Publish version 1'}
          </Button>
          <Button variant="outline" color="red" onClick={() => act('archive', data.id)} loading={busy}>
            Archive this form
          </Button>
        </Group>
      ) : null}
      {data && data.versions.length > 0 ? (
        <section aria-labelledby="versions-heading">
          <Title order={2} size="h3" id="versions-heading" mb="xs">
            Published versions
          </Title>
          <List>
            {data.versions.map((v) => (
              <List.Item key={v.version}>
                Version {v.version}, published{' '}
                {new Date(v.publishedAt).toLocaleDateString('en-US', {
                  dateStyle: 'medium',
                  timeZone: 'America/Los_Angeles',
                })}
                : {v.signatures === 1 ? '1 signature' : `${v.signatures} signatures`}
              </List.Item>
            ))}
          </List>
        </section>
      ) : null}
    </Stack>
  );
}
