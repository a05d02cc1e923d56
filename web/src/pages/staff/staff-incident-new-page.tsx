/**
 * /staff/incidents/new (issue 26, part 3): "Report an incident" on a phone, from the session's day
 * (`?session=` fixes the session) or the staff shell. Saving tells the families at once and opens the report.
 */
import { routes } from '@lc/contract';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { reportIncident } from '../../api/incidents.ts';
import { IncidentForm, initialValues } from '../../features/staff-incidents/incident-form.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

export default function StaffIncidentNewPage() {
  const { t } = useTranslation();
  usePageTitle(t('incidents.staff.newTitle'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = Number(params.get('session'));
  const fromSession = Number.isSafeInteger(session) && session > 0 ? session : null;
  return (
    <Stack gap="lg" maw={640}>
      <div>
        <Anchor
          component={Link}
          to={fromSession ? routes.staffSessionDay(fromSession) : routes.staffIncidents}
          size="sm"
        >
          {fromSession ? t('feed.staff.backToSession') : t('incidents.staff.backToList')}
        </Anchor>
        <Title order={1} mt={4}>
          {t('incidents.staff.newTitle')}
        </Title>
        <Text mt={4} maw="65ch">
          {t('incidents.staff.newIntro')}
        </Text>
      </div>
      <IncidentForm
        values={initialValues(fromSession)}
        sessionFixed={fromSession !== null}
        submitLabel={t('incidents.staff.submit')}
        action={reportIncident}
        success={t('incidents.staff.reported')}
        onDone={(incident) => void navigate(routes.staffIncident(incident.id))}
      />
    </Stack>
  );
}
