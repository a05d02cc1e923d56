/**
 * /staff/sessions/:classSessionId/medication (issue 26; decision 040): a teacher's phone screen for medicine —
 * "Give medicine" (the child, what the parent authorized or why nothing can be given, the medicine, the dose,
 * when, a note) and the session's log for a range of days (`?from=&to=`, the last seven days by default), every entry kept,
 * each correctable or voidable by the one who gave it or the director. `?child=` picks the child, as the
 * session's day page links to it.
 */
import { routes } from '@lc/contract';
import { Anchor, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { medicationQueries } from '../../api/queries/medication.ts';
import { isNotFound, LoadFailed, Loading } from '../../features/family/load-states.tsx';
import { DoseCard } from '../../features/staff-medication/dose-card.tsx';
import { GiveDoseForm } from '../../features/staff-medication/give-dose-form.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

const isDay = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

export default function StaffSessionMedicationPage() {
  const { t } = useTranslation();
  const classSessionId = Number(useParams().classSessionId);
  const [search, setSearch] = useSearchParams();
  const query = { from: isDay(search.get('from')), to: isDay(search.get('to')) };
  const log = useQuery({
    ...medicationQueries.session(classSessionId, query),
    enabled: Number.isSafeInteger(classSessionId),
  });
  usePageTitle(
    log.data ? t('medication.staff.title', { session: log.data.sessionName }) : t('medication.staff.loading'),
  );

  if (log.status === 'pending') return <Loading label={t('medication.staff.loading')} />;
  if (log.status === 'error')
    return isNotFound(log.error) ? (
      <Stack gap="sm" maw={720}>
        <Title order={1}>{t('medication.staff.notFound')}</Title>
        <Button component={Link} to={routes.staffSessions} variant="default" w="fit-content">
          {t('medication.staff.back')}
        </Button>
      </Stack>
    ) : (
      <LoadFailed message={t('medication.staff.loadFailed')} retry={() => void log.refetch()} />
    );

  const data = log.data;
  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Anchor component={Link} to={routes.staffSessionDay(classSessionId)} size="sm">
          {t('medication.staff.back')}
        </Anchor>
        <Title order={1} mt={4}>
          {t('medication.staff.title', { session: data.sessionName })}
        </Title>
        <Text mt={4} maw="65ch">
          {t('medication.staff.intro')}
        </Text>
      </div>

      <Card withBorder padding="md" radius="md" component="section" aria-labelledby="give-heading">
        <Title order={2} size="h3" id="give-heading" mb="sm">
          {t('medication.staff.giveHeading')}
        </Title>
        {data.children.length === 0 ? (
          <Text>{t('medication.staff.noChildren')}</Text>
        ) : (
          <GiveDoseForm
            classSessionId={classSessionId}
            roster={data.children}
            nowWall={data.nowWall}
            childId={search.get('child')}
          />
        )}
      </Card>

      <section aria-labelledby="log-heading">
        <Title order={2} size="h3" id="log-heading" mb="xs">
          {t('medication.staff.logHeading')}
        </Title>
        <RangeForm
          key={`${data.from}:${data.to}`}
          from={data.from}
          to={data.to}
          onShow={(from, to) => {
            const next = new URLSearchParams(search);
            next.set('from', from);
            next.set('to', to);
            setSearch(next);
          }}
        />
        {data.doses.length === 0 ? (
          <Text mt="sm">{t('medication.staff.empty')}</Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} mt="sm" style={{ listStyle: 'none' }}>
            {data.doses.map((dose) => (
              <DoseCard key={dose.id} dose={dose} />
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}

/** The log's days: from and to (the center's calendar). */
function RangeForm({
  from,
  to,
  onShow,
}: {
  from: string;
  to: string;
  onShow: (from: string, to: string) => void;
}) {
  const { t } = useTranslation();
  const [first, setFirst] = useState(from);
  const [last, setLast] = useState(to);
  return (
    <form
      aria-label={t('medication.staff.show')}
      onSubmit={(event) => {
        event.preventDefault();
        if (first && last) onShow(first, last < first ? first : last);
      }}
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label={t('medication.staff.from')}
          value={first}
          onChange={(e) => setFirst(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('medication.staff.to')}
          value={last}
          onChange={(e) => setLast(e.currentTarget.value)}
        />
        <Button type="submit" variant="default">
          {t('medication.staff.show')}
        </Button>
      </Group>
    </form>
  );
}
