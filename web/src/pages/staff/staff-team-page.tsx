import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { staffKeys } from '../../api/query-keys';
import { getTeam } from '../../api/staff';
import { failedWith } from '../../features/forms/feedback';
import classes from '../../features/staff/staff.module.css';
import { CertificationList } from '../../features/staff-duty/certifications';
import { InviteForm } from '../../features/staff-team/invite-form';
import { TeamTable } from '../../features/staff-team/team-table';
import { usePageTitle } from '../../layout/use-page-title';

/**
 * /staff/team — the director's team: who is on the staff, invitations, roles (issue 10), and each staff
 * member's certifications with their state and certificate, added and removed here (issue 26, decision 041).
 */
export default function StaffTeamPage() {
  usePageTitle('Staff · Team');
  const team = useQuery({ queryKey: staffKeys.team(), queryFn: ({ signal }) => getTeam(signal) });

  if (failedWith(team.error, 403))
    return (
      <Alert mt="lg" color="yellow" variant="light" title="Only the director manages the team">
        Ask your center’s director to invite someone or change a role.
      </Alert>
    );

  return (
    <Stack gap="xl" mt="lg" className={classes.page}>
      <div>
        <Title order={1}>Team</Title>
        <Text c="dimmed">
          Teachers see the rosters of the sessions they teach, and the inbox when you give it to them;
          directors see everything.
        </Text>
      </div>

      <section aria-labelledby="team-heading">
        <Title order={2} fz="h3" id="team-heading" mb="sm">
          On the staff
        </Title>
        {team.isPending ? <Text role="status">Loading the team…</Text> : null}
        {team.isError && !failedWith(team.error, 403) ? (
          <Alert color="red" variant="light" role="alert">
            We could not load the team. Please check your connection and try again.
          </Alert>
        ) : null}
        {team.data ? <TeamTable team={team.data} /> : null}
      </section>

      {team.data && team.data.length > 0 ? (
        <section aria-labelledby="certifications-heading">
          <Title order={2} fz="h3" id="certifications-heading">
            Certifications
          </Title>
          <Text c="dimmed" mb="sm" maw="65ch">
            CPR, first aid, background checks and training hours, with the day each expires. You and the staff
            member get a reminder 30 and 7 days before.
          </Text>
          <Stack gap="md">
            {team.data.map((member) => {
              const name = `${member.firstName} ${member.lastName}`;
              return (
                <Paper key={member.id} withBorder radius="md" p="md" component="article" aria-label={name}>
                  <Title order={3} fz="h4" mb="xs">
                    {name}
                  </Title>
                  <CertificationList userId={member.id} name={name} canEdit />
                </Paper>
              );
            })}
          </Stack>
        </section>
      ) : null}

      <InviteForm />
    </Stack>
  );
}
