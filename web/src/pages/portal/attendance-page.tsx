import { zodResolver } from '@hookform/resolvers/zod';
import { type AttendanceQuery, type AttendanceRecord, fieldMessage, type Student } from '@lc/contract';
import {
  Box,
  Button,
  Card,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { familyQueries } from '../../api/queries/family.ts';
import { attendanceQueryOf, passQueries } from '../../api/queries/passes.ts';
import { LoadFailed, Loading } from '../../features/family/load-states.tsx';
import { type FormOf, TextField, useFieldError } from '../../features/forms/fields.tsx';
import { useSubmit } from '../../features/forms/use-submit.tsx';
import { clockTime, eventLine, methodLine, shortDay } from '../../features/passes/format.ts';
import { intlLocale } from '../../i18n/intl-locale.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

/** By the "To" field (a field message of the contract's files, in the family's language). */
const TO_BEFORE_FROM = fieldMessage('fields.family.toBeforeFrom');

/** The filters as typed: a child's id and two ISO days, each empty for "any"; "To" not before "From". */
const FiltersSchema = z
  .object({ studentId: z.string(), from: z.string(), to: z.string() })
  .refine(({ from, to }) => !(from && to && to < from), { path: ['to'], message: TO_BEFORE_FROM });
type FilterValues = z.infer<typeof FiltersSchema>;

/** The filters in the address (child, from, to), so a filtered view can be reloaded or bookmarked. */
function useAttendanceQuery(): [AttendanceQuery, (next: AttendanceQuery) => void] {
  const [params, setParams] = useSearchParams();
  const query = attendanceQueryOf(params);
  const update = (next: AttendanceQuery) => {
    const search = new URLSearchParams();
    for (const key of ['studentId', 'from', 'to'] as const) {
      const value = next[key];
      if (value) search.set(key, String(value));
    }
    setParams(search);
  };
  return [query, update];
}

/**
 * /dashboard/attendance (issue 11): the family's drop-offs and pickups, newest first, filtered by child and
 * dates — who brought or took each child, when, and how the door recorded it. A table on wide screens, one
 * card per event on phones.
 */
export default function AttendancePage() {
  const { t } = useTranslation();
  usePageTitle(t('family.attendance.title'));
  const [query, setQuery] = useAttendanceQuery();
  const children = useQuery(familyQueries.students());
  const history = useQuery(passQueries.attendance(query));
  const filtered = Boolean(query.studentId || query.from || query.to);

  return (
    <Stack gap="lg" pt="xl">
      <div>
        <Title order={1}>{t('family.attendance.title')}</Title>
        <Text mt={4} maw="65ch">
          {t('family.attendance.intro')}
        </Text>
      </div>

      <Filters
        key={JSON.stringify(query)}
        query={query}
        students={children.status === 'success' ? children.data : []}
        onApply={setQuery}
        filtered={filtered}
      />

      {history.status === 'pending' ? <Loading label={t('family.attendance.loading')} /> : null}
      {history.status === 'error' ? (
        <LoadFailed message={t('family.attendance.loadFailed')} retry={() => history.refetch()} />
      ) : null}
      {history.status === 'success' && history.data.records.length === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <Text>{filtered ? t('family.attendance.noMatch') : t('family.attendance.empty')}</Text>
          {filtered ? (
            <Button variant="default" mt="md" w="fit-content" onClick={() => setQuery({})}>
              {t('family.attendance.showAll')}
            </Button>
          ) : null}
        </Card>
      ) : null}
      {history.status === 'success' && history.data.records.length > 0 ? (
        <>
          <Records records={history.data.records} />
          {history.data.truncated ? (
            <Text size="sm">
              {t('family.attendance.truncated', {
                number: history.data.records.length.toLocaleString(intlLocale()),
              })}
            </Text>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

/** Child and date filters, applied together with "Show"; the "To" date may not come before "From". */
function Filters({
  query,
  students,
  onApply,
  filtered,
}: {
  query: AttendanceQuery;
  students: readonly Student[];
  onApply: (query: AttendanceQuery) => void;
  filtered: boolean;
}) {
  const { t } = useTranslation();
  const form = useForm<FilterValues>({
    resolver: zodResolver(FiltersSchema),
    // The "To" message stays until the next "Show", or until "To" is changed.
    reValidateMode: 'onSubmit',
    defaultValues: { studentId: query.studentId ?? '', from: query.from ?? '', to: query.to ?? '' },
  });
  const { onSubmit } = useSubmit(form, {
    action: async ({ studentId, from, to }) =>
      onApply({ studentId: studentId || undefined, from: from || undefined, to: to || undefined }),
    fields: ['studentId', 'from', 'to'],
  });

  return (
    <Paper withBorder radius="lg" p="md">
      <form onSubmit={onSubmit} noValidate aria-label={t('family.attendance.filters')}>
        <Group align="flex-start" gap="md" wrap="wrap">
          <ChildFilter form={form} students={students} />
          <TextField
            form={form}
            name="from"
            type="date"
            label={t('family.attendance.from')}
            style={{ flex: '1 1 10rem' }}
          />
          <TextField
            form={form}
            name="to"
            rules={{ onChange: () => form.clearErrors('to') }}
            type="date"
            label={t('family.attendance.to')}
            style={{ flex: '1 1 10rem' }}
          />
          {/* Aligned with the inputs (below their labels) on a wide screen; under them on a phone. */}
          <Group gap="sm" mt={{ base: 0, sm: 25 }} style={{ flex: '1 1 12rem' }}>
            <Button type="submit">{t('family.attendance.show')}</Button>
            {filtered ? (
              <Button variant="default" onClick={() => onApply({})}>
                {t('family.attendance.clearFilters')}
              </Button>
            ) : null}
          </Group>
        </Group>
      </form>
    </Paper>
  );
}

/**
 * The child to show, or all children. Controlled, not registered: the children arrive after the form, and a
 * child chosen in the address must show as chosen once its option is there.
 */
function ChildFilter({ form, students }: { form: FormOf<FilterValues>; students: readonly Student[] }) {
  const { t } = useTranslation();
  const { field } = useController({ control: form.control, name: 'studentId' });
  const error = useFieldError(form, 'studentId');
  return (
    <NativeSelect
      label={t('family.attendance.child')}
      ref={field.ref}
      name={field.name}
      value={field.value}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      error={error}
      data={[
        { value: '', label: t('family.attendance.allChildren') },
        ...students.map((student) => ({ value: student.id, label: student.fullName })),
      ]}
      style={{ flex: '1 1 12rem' }}
    />
  );
}

function Records({ records }: { records: readonly AttendanceRecord[] }) {
  const { t } = useTranslation();
  return (
    <>
      {/* Both layouts are in the page; CSS shows one, so assistive technology meets only that one. */}
      <Box visibleFrom="sm">
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
            <VisuallyHidden>{t('family.attendance.caption')}</VisuallyHidden>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('family.attendance.date')}</Table.Th>
              <Table.Th scope="col">{t('family.attendance.time')}</Table.Th>
              <Table.Th scope="col">{t('family.attendance.child')}</Table.Th>
              <Table.Th scope="col">{t('family.attendance.session')}</Table.Th>
              <Table.Th scope="col">{t('family.attendance.whatHappened')}</Table.Th>
              <Table.Th scope="col">{t('family.attendance.how')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.map((record) => (
              <Table.Tr key={record.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{shortDay(record.timestamp)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{clockTime(record.timestamp)}</Table.Td>
                <Table.Td>{record.childName}</Table.Td>
                <Table.Td>{record.sessionName}</Table.Td>
                <Table.Td fw={600}>{eventLine(record)}</Table.Td>
                <Table.Td>{methodLine(record)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Stack
        hiddenFrom="sm"
        component="ul"
        gap="sm"
        aria-label={t('family.attendance.caption')}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {records.map((record) => (
          <Card key={record.id} component="li" withBorder radius="md" padding="md">
            <Text fw={700}>{eventLine(record)}</Text>
            <Text>
              {record.childName} · {record.sessionName}
            </Text>
            <Text size="sm" mt={4}>
              {t('family.attendance.when', {
                day: shortDay(record.timestamp),
                time: clockTime(record.timestamp),
              })}{' '}
              · {methodLine(record)}
            </Text>
          </Card>
        ))}
      </Stack>
    </>
  );
}
