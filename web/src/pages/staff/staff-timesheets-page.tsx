import { hoursText, type Punch, weekStart } from '@lc/contract';
import { addDays } from '@lc/contract/zoned-time';
import { Alert, Badge, Box, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { downloadTimesheetCsv, dutyKeys, getTimesheet } from '../../api/staff-duty';
import classes from '../../features/staff/staff.module.css';
import { useCsvDownload } from '../../features/staff/use-csv-download';
import { useUrlQuery } from '../../features/staff/use-url-query';
import { WeekPunches } from '../../features/staff-duty/week-punches';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole } from '../../lib/auth-token';

const QuerySchema = z.object({
  week: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});

/**
 * /staff/timesheets (issue 26, decision 038): the week's hours on duty, Monday to Sunday, per person and day,
 * with the total and an open punch flagged; the director's lists everyone who worked, a teacher's their own.
 * The week is in the address; the CSV for payroll is exactly the table. The director also sees the week's
 * punches, corrects one (an open punch is flagged with "Fix") and adds a missed one (decision 041).
 */
export default function StaffTimesheetsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('duty.timesheets.title'));
  const { query, update } = useUrlQuery(QuerySchema, { keepValid: true });
  // No week in the address: the server's current week on the center's calendar.
  const asked = query.week ? weekStart(query.week) : undefined;
  const sheet = useQuery({
    queryKey: dutyKeys.timesheet(asked ?? 'current'),
    queryFn: ({ signal }) => getTimesheet(asked, signal),
  });
  const week = asked ?? sheet.data?.from;
  const { exporting, exportCsv } = useCsvDownload(
    () => downloadTimesheetCsv(week),
    t('duty.timesheets.downloadFailed'),
  );
  const dayName = new Intl.DateTimeFormat(i18n.language === 'es' ? 'es-US' : 'en-US', {
    weekday: 'short',
    month: 'numeric',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const long = new Intl.DateTimeFormat(i18n.language === 'es' ? 'es-US' : 'en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const from = week ? long.format(new Date(`${week}T12:00:00Z`)) : '';
  const data = sheet.data;
  const isDirector = currentRole() === 'Admin';
  const [fixing, setFixing] = useState<Punch | null>(null);
  return (
    <Stack gap="lg" mt="lg" className={classes.page}>
      <div>
        <Title order={1}>{t('duty.timesheets.title')}</Title>
        <Text c="dimmed" maw="65ch">
          {t('duty.timesheets.intro')}
        </Text>
      </div>
      {week ? (
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Button variant="default" onClick={() => update({ week: addDays(week, -7) })}>
              {t('duty.timesheets.previous')}
            </Button>
            <Text fw={600} role="status">
              {t('duty.timesheets.week', { from })}
            </Text>
            <Button variant="default" onClick={() => update({ week: addDays(week, 7) })}>
              {t('duty.timesheets.next')}
            </Button>
          </Group>
          <Button onClick={exportCsv} loading={exporting}>
            {t('duty.timesheets.download')}
          </Button>
        </Group>
      ) : null}
      {sheet.isPending ? <Text role="status">{t('duty.timesheets.loading')}</Text> : null}
      {sheet.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('duty.timesheets.loadFailed')}
        </Alert>
      ) : null}
      {data && data.people.length === 0 ? <Text>{t('duty.timesheets.none')}</Text> : null}
      {data && data.people.length > 0 ? (
        // A phone scrolls the week sideways; the region takes the focus so a keyboard can scroll it too.
        <Box
          component="section"
          aria-label={t('duty.timesheets.caption', { from })}
          tabIndex={0}
          style={{ overflowX: 'auto' }}
        >
          <Table striped withTableBorder miw={720}>
            <Table.Caption>{t('duty.timesheets.caption', { from })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('duty.timesheets.person')}</Table.Th>
                {data.days.map((d) => (
                  <Table.Th scope="col" key={d} ta="right">
                    {dayName.format(new Date(`${d}T12:00:00Z`))}
                  </Table.Th>
                ))}
                <Table.Th scope="col" ta="right">
                  {t('duty.timesheets.total')}
                </Table.Th>
                <Table.Th scope="col">{t('duty.timesheets.open')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.people.map((p) => (
                <Table.Tr key={p.userId}>
                  <Table.Th scope="row">{p.name}</Table.Th>
                  {p.minutes.map((m, i) => (
                    <Table.Td key={data.days[i]} ta="right">
                      {hoursText(m)}
                    </Table.Td>
                  ))}
                  <Table.Td ta="right" fw={700}>
                    {hoursText(p.totalMinutes)}
                  </Table.Td>
                  <Table.Td>
                    {p.open ? (
                      <Group gap="xs" wrap="nowrap">
                        <Badge
                          color="orange"
                          variant="light"
                          style={{ flexShrink: 0 }}
                          styles={{ label: { color: 'var(--mantine-color-text)', overflow: 'visible' } }}
                        >
                          {t('duty.timesheets.yes')}
                        </Badge>
                        {isDirector ? (
                          <Button
                            size="compact-sm"
                            variant="default"
                            aria-label={`Fix ${p.name}’s open punch`}
                            onClick={() => setFixing(p.punches.find((x) => !x.outAt) ?? null)}
                          >
                            Fix
                          </Button>
                        ) : null}
                      </Group>
                    ) : (
                      t('duty.timesheets.no')
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      ) : null}
      {data && isDirector ? <WeekPunches sheet={data} fixing={fixing} onFixing={setFixing} /> : null}
    </Stack>
  );
}
