import {
  type AnnouncementReach,
  announcementEmailText,
  announcementSmsText,
  routes,
  type StaffAnnouncement,
  StaffAnnouncementInputSchema,
  StaffAnnouncementUpdateSchema,
  smsSegments,
} from '@lc/contract';
import { instantToWallTime } from '@lc/contract/zoned-time';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { getStaffSessions } from '../../api/staff';
import {
  cancelStaffAnnouncement,
  createStaffAnnouncement,
  getAnnouncementReach,
  getStaffAnnouncement,
  updateStaffAnnouncement,
} from '../../api/staff-announcements';
import { CENTER_TIME_ZONE } from '../../features/class-sessions/format';
import { notifyError, notifySuccess } from '../../features/forms/notify';
import { applyServerFieldErrors } from '../../features/forms/use-server-field-errors';
import own from '../../features/staff-announcements/announcements.module.css';
import { centerZoneName, formatInstant } from '../../features/staff-announcements/format';
import { RichTextField } from '../../features/staff-announcements/rich-text-field';
import { StatusBadge } from '../../features/staff-announcements/status-badge';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole } from '../../lib/auth-token';
import classes from './staff.module.css';

type FormValues = {
  classSessionIds: string[];
  title: string;
  category: string;
  priority: number | string;
  startDate: string;
  endDate: string;
  webMessage: string;
  emailMessage: string;
  smsMessage: string;
  when: 'now' | 'later';
  sendAt: string;
};

/** The form's fields in the order it shows them: the first with an error gets the focus. */
const FIELD_ORDER = [
  'classSessionIds',
  'title',
  'category',
  'priority',
  'startDate',
  'endDate',
  'webMessage',
  'emailMessage',
  'smsMessage',
  'sendAt',
] as const satisfies readonly Path<FormValues>[];

const EMPTY: FormValues = {
  classSessionIds: [],
  title: '',
  category: '',
  priority: 0,
  startDate: '',
  endDate: '',
  webMessage: '',
  emailMessage: '',
  smsMessage: '',
  when: 'now',
  sendAt: '',
};

const day = (iso: string | null) => (iso ? instantToWallTime(iso, CENTER_TIME_ZONE).slice(0, 10) : '');

function valuesOf(a: StaffAnnouncement): FormValues {
  return {
    classSessionIds: a.classSessionId === null ? [] : [String(a.classSessionId)],
    title: a.title,
    category: a.category ?? '',
    priority: a.priority,
    startDate: day(a.startDate),
    endDate: day(a.endDate),
    webMessage: a.webMessage ?? '',
    emailMessage: a.emailMessage ?? '',
    smsMessage: a.smsMessage ?? '',
    when: a.sendAt && !a.sentAt ? 'later' : 'now',
    sendAt: a.sendAt ? instantToWallTime(a.sendAt, CENTER_TIME_ZONE) : '',
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * /staff/announcements/new and /staff/announcements/:id — compose an announcement for one or several
 * sessions (the director also for every family), with its web message (rich text), email and text message,
 * a live preview and how many families and contacts each channel reaches; send it now or schedule it on the
 * center's clock. An existing one can be edited until it is sent (afterwards only its web copy) or cancelled.
 */
export default function StaffAnnouncementPage() {
  const { id } = useParams();
  const editing = id !== undefined;
  usePageTitle(editing ? 'Staff · Announcement' : 'Staff · New announcement');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isDirector = currentRole() === 'Admin';
  const zone = centerZoneName();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  /** A "Send now" waiting for the director's yes, with the channels it uses. */
  const [confirmingSend, setConfirmingSend] = useState<{
    body: Record<string, unknown>;
    email: boolean;
    sms: boolean;
  } | null>(null);
  const [sending, setSending] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  const existing = useQuery({
    queryKey: ['staff', 'announcements', 'one', id],
    queryFn: ({ signal }) => getStaffAnnouncement(id!, signal),
    enabled: editing,
  });
  const sessions = useQuery({
    queryKey: ['staff', 'sessions', 'announcement-choices'],
    queryFn: ({ signal }) =>
      getStaffSessions({ period: 'active', sort: 'start', dir: 'asc', page: 1, pageSize: 100 }, signal),
    enabled: !editing,
  });

  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ defaultValues: EMPTY });

  const loaded = existing.data;
  const loadedId = useRef<number | null>(null);
  useEffect(() => {
    if (loaded && loadedId.current !== loaded.id) {
      loadedId.current = loaded.id;
      reset(valuesOf(loaded));
    }
  }, [loaded, reset]);

  const sent = Boolean(loaded?.sentAt);
  const cancelled = loaded?.status === 'cancelled';
  const values = watch();
  const chosen = values.classSessionIds.map(Number);
  const [reachIds] = useDebouncedValue(chosen.join(','), 300);
  const reachSessions = reachIds ? reachIds.split(',').map(Number) : [];
  const reachEnabled =
    !cancelled && (reachSessions.length > 0 || isDirector) && (!editing || Boolean(loaded));
  const reach = useQuery({
    queryKey: ['staff', 'announcement-reach', reachIds],
    queryFn: ({ signal }) => getAnnouncementReach(reachSessions, signal),
    enabled: reachEnabled,
    placeholderData: keepPreviousData,
  });

  /** Put `messages` by their fields and move the focus to the first, in the order the form shows them. */
  const showErrors = (messages: Partial<Record<(typeof FIELD_ORDER)[number], string>>) => {
    const withMessage = FIELD_ORDER.filter((name) => messages[name]);
    for (const [index, name] of withMessage.entries())
      setError(name, { type: 'validate', message: messages[name] }, { shouldFocus: index === 0 });
    return withMessage.length > 0;
  };

  const onSubmit = async (form: FormValues) => {
    clearErrors();
    const messages: Partial<Record<(typeof FIELD_ORDER)[number], string>> = {};
    const common = {
      title: form.title,
      category: form.category || null,
      priority: form.priority === '' ? 0 : Number(form.priority),
      startDate: form.startDate || null,
      endDate: form.endDate || null,
      webMessage: form.webMessage || null,
    };
    const delivery = {
      emailMessage: form.emailMessage || null,
      smsMessage: form.smsMessage || null,
      sendAt: form.when === 'later' ? form.sendAt || null : null,
    };
    if (!sent && form.when === 'later' && !form.sendAt)
      messages.sendAt = `Choose the day and time (${zone}).`;
    if (!editing && !isDirector && form.classSessionIds.length === 0)
      messages.classSessionIds = 'Choose at least one of your sessions.';
    const body = editing
      ? { ...common, ...(sent ? {} : delivery) }
      : { ...common, ...delivery, classSessionIds: form.classSessionIds.map(Number) };
    const parsed = (editing ? StaffAnnouncementUpdateSchema : StaffAnnouncementInputSchema).safeParse(body);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as (typeof FIELD_ORDER)[number];
        if (FIELD_ORDER.includes(field) && !messages[field]) messages[field] = issue.message;
      }
    if (showErrors(messages)) return;
    // Sending now emails and texts every family reached: say how many and ask first (issue 21 item 17).
    const sendsNow = !sent && form.when === 'now' && Boolean(delivery.emailMessage || delivery.smsMessage);
    if (sendsNow) {
      setConfirmingSend({
        body,
        email: Boolean(delivery.emailMessage),
        sms: Boolean(delivery.smsMessage),
      });
      return;
    }
    await save(body);
  };

  /** Create or update the announcement with `body`, then back to the list. */
  const save = async (body: Record<string, unknown>) => {
    try {
      const result = editing
        ? await updateStaffAnnouncement(Number(id), body as Parameters<typeof updateStaffAnnouncement>[1])
        : await createStaffAnnouncement(body as Parameters<typeof createStaffAnnouncement>[0]);
      notifySuccess(result.message);
      await queryClient.invalidateQueries({ queryKey: ['staff', 'announcements'] });
      navigate(routes.staffAnnouncements);
    } catch (error) {
      if (applyServerFieldErrors(error, setError, FIELD_ORDER)) return;
      notifyError(
        error instanceof ApiError && error.status < 500
          ? error.message
          : 'The announcement could not be saved. Please try again.',
      );
    }
  };

  const onCancel = async () => {
    setCancelling(true);
    try {
      const result = await cancelStaffAnnouncement(Number(id));
      notifySuccess(result.message);
      await queryClient.invalidateQueries({ queryKey: ['staff', 'announcements'] });
      navigate(routes.staffAnnouncements);
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : 'It could not be cancelled. Please try again.');
    } finally {
      setCancelling(false);
    }
  };

  if (editing && existing.isError)
    return (
      <Stack mt="lg" className={classes.page}>
        <Title order={1}>Announcement not found</Title>
        <Text>
          It may belong to a session you do not teach, or the link is wrong.{' '}
          <Anchor component={Link} to={routes.staffAnnouncements}>
            Back to announcements
          </Anchor>
        </Text>
      </Stack>
    );
  if (editing && !loaded)
    return (
      <Text mt="lg" role="status">
        Loading the announcement…
      </Text>
    );

  const sms = values.smsMessage ? announcementSmsText(values.smsMessage) : '';
  const segments = smsSegments(sms);
  const sessionOptions = (sessions.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  const audience = loaded
    ? (loaded.sessionName ?? 'Every family at the center')
    : chosen.length === 0
      ? isDirector
        ? 'Every family at the center'
        : null
      : null;

  return (
    <Stack gap="lg" mt="lg" className={classes.page}>
      <div>
        <Anchor component={Link} to={routes.staffAnnouncements} size="sm">
          ← All announcements
        </Anchor>
        <Group gap="sm" mt="xs" wrap="wrap">
          <Title order={1}>{editing ? 'Edit announcement' : 'New announcement'}</Title>
          {loaded ? <StatusBadge announcement={loaded} /> : null}
        </Group>
        {loaded?.sentAt ? (
          <Alert mt="sm" variant="light" color="blue" title={`Sent ${formatInstant(loaded.sentAt)}`}>
            {plural(loaded.emailCount ?? 0, 'email', 'emails')} queued and{' '}
            {plural(loaded.smsCount ?? 0, 'text message', 'text messages')} sent.{' '}
            {cancelled
              ? 'It was then cancelled, so families no longer see it on the web.'
              : 'The email and text message cannot change any more; edits here change the web copy only.'}
          </Alert>
        ) : null}
        {cancelled && !loaded?.sentAt ? (
          <Alert mt="sm" variant="light" color="gray" title="Cancelled">
            It was cancelled before it went out: nobody received it.
          </Alert>
        ) : null}
      </div>

      <form
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        aria-label={editing ? 'Edit announcement' : 'New announcement'}
      >
        <fieldset disabled={cancelled} className={own.fieldset}>
          <Stack gap="lg">
            <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="who-heading">
              <Title order={2} fz="h4" id="who-heading" mb="sm">
                Who it is for
              </Title>
              {editing ? (
                <Text>
                  {audience}
                  <Text span size="sm" c="dimmed">
                    {' '}
                    — to write to another session, start a new announcement.
                  </Text>
                </Text>
              ) : (
                <Controller
                  control={control}
                  name="classSessionIds"
                  render={({ field }) => (
                    <MultiSelect
                      ref={field.ref}
                      label="Sessions"
                      description={
                        isDirector
                          ? 'Choose one or several; leave empty to write to every family at the center.'
                          : 'Choose one or several of the sessions you teach.'
                      }
                      placeholder={sessionOptions.length ? 'Choose sessions' : undefined}
                      data={sessionOptions}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={errors.classSessionIds?.message}
                      searchable
                      nothingFoundMessage="No session by that name"
                      required={!isDirector}
                    />
                  )}
                />
              )}
              <Text size="sm" mt="sm" aria-live="polite">
                {reach.data && reachEnabled
                  ? `Reaches ${plural(reach.data.families, 'family', 'families')}: email to ${plural(reach.data.email.families, 'family', 'families')} and ${plural(reach.data.email.contacts, 'emergency contact', 'emergency contacts')}; text messages to ${plural(reach.data.sms.families, 'family', 'families')} and ${plural(reach.data.sms.contacts, 'emergency contact', 'emergency contacts')}.`
                  : !cancelled && !isDirector && chosen.length === 0
                    ? 'Choose a session to see how many families it reaches.'
                    : ''}
              </Text>
            </Paper>

            <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="web-heading">
              <Title order={2} fz="h4" id="web-heading" mb="sm">
                On the web
              </Title>
              <Stack gap="md">
                <TextInput
                  label="Title"
                  required
                  maxLength={120}
                  error={errors.title?.message}
                  {...register('title')}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label="Category"
                    description="For example Event, Reminder or Closure."
                    maxLength={40}
                    error={errors.category?.message}
                    {...register('category')}
                  />
                  <Controller
                    control={control}
                    name="priority"
                    render={({ field }) => (
                      <NumberInput
                        ref={field.ref}
                        label="Priority"
                        description="0 is normal; above 0 is listed first and marked Important."
                        min={0}
                        max={10}
                        allowDecimal={false}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        error={errors.priority?.message}
                      />
                    )}
                  />
                  <TextInput
                    type="date"
                    label="Show from"
                    description="Leave empty to show it from when it is sent."
                    error={errors.startDate?.message}
                    {...register('startDate')}
                  />
                  <TextInput
                    type="date"
                    label="Show until"
                    description="The last day families see it; leave empty to keep it."
                    error={errors.endDate?.message}
                    {...register('endDate')}
                  />
                </SimpleGrid>
                <Controller
                  control={control}
                  name="webMessage"
                  render={({ field }) => (
                    <RichTextField
                      ref={field.ref}
                      label="Web message"
                      description="Shown on the families’ pages. Leave empty to send only the email or text."
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={errors.webMessage?.message}
                    />
                  )}
                />
              </Stack>
            </Paper>

            <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="delivery-heading">
              <Title order={2} fz="h4" id="delivery-heading" mb="sm">
                Email and text message
              </Title>
              {sent ? (
                <Text size="sm" mb="sm">
                  These went out {formatInstant(loaded!.sentAt!)} and can no longer change.
                </Text>
              ) : null}
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                <Stack gap="md">
                  <Textarea
                    label="Email"
                    description="Plain text. Leave empty to send no email."
                    autosize
                    minRows={4}
                    maxLength={10_000}
                    readOnly={sent}
                    error={errors.emailMessage?.message}
                    {...register('emailMessage')}
                  />
                  <Textarea
                    label="Text message"
                    description="Leave empty to send no text. “Bright Oak:” is added in front."
                    autosize
                    minRows={2}
                    maxLength={320}
                    readOnly={sent}
                    error={errors.smsMessage?.message}
                    {...register('smsMessage')}
                  />
                  <Text size="sm" id="sms-count" aria-live="polite">
                    {sms
                      ? `${segments.length} characters with “Bright Oak:” · ${plural(segments.segments, 'text part', 'text parts')}${segments.encoding === 'UCS-2' ? ' (emoji or special characters make parts shorter)' : ''}`
                      : 'No text message.'}
                  </Text>
                </Stack>
                <Stack gap="sm" aria-label="Preview" component="section">
                  <Title order={3} fz="h5">
                    Preview
                  </Title>
                  <Paper withBorder p="sm" radius="sm" aria-label="Email preview" component="figure" m={0}>
                    <Text size="sm" fw={600}>
                      Subject: {values.title || 'Your title'}
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {values.emailMessage
                        ? announcementEmailText(values.emailMessage)
                        : 'No email will be sent.'}
                    </Text>
                  </Paper>
                  <Paper
                    withBorder
                    p="sm"
                    radius="lg"
                    aria-label="Text message preview"
                    component="figure"
                    m={0}
                  >
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {sms || 'No text message will be sent.'}
                    </Text>
                  </Paper>
                </Stack>
              </SimpleGrid>
            </Paper>

            {sent || cancelled ? null : (
              <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="when-heading">
                <Title order={2} fz="h4" id="when-heading" mb="sm">
                  When
                </Title>
                <Controller
                  control={control}
                  name="when"
                  render={({ field }) => (
                    <Radio.Group
                      label="Send"
                      value={field.value}
                      onChange={(value) => field.onChange(value as FormValues['when'])}
                    >
                      <Stack gap="xs" mt="xs">
                        <Radio value="now" label="Now" />
                        <Radio value="later" label={`At a time I choose (${zone})`} />
                      </Stack>
                    </Radio.Group>
                  )}
                />
                {values.when === 'later' ? (
                  <TextInput
                    mt="md"
                    maw={320}
                    type="datetime-local"
                    label={`Send on (${zone})`}
                    description="The email and text go out then; families see it on the web from then too."
                    error={errors.sendAt?.message}
                    {...register('sendAt')}
                  />
                ) : null}
              </Paper>
            )}

            {cancelled ? null : (
              <Group gap="sm" wrap="wrap">
                <Button type="submit" loading={isSubmitting}>
                  {sent
                    ? 'Save web copy'
                    : values.when === 'later'
                      ? 'Schedule'
                      : editing
                        ? 'Save and send now'
                        : 'Send now'}
                </Button>
                <Button component={Link} to={routes.staffAnnouncements} variant="default">
                  Back to the list
                </Button>
                {editing ? (
                  <Button variant="subtle" color="red" onClick={() => setConfirmingCancel(true)}>
                    Cancel announcement
                  </Button>
                ) : null}
              </Group>
            )}
          </Stack>
        </fieldset>
      </form>

      <Modal
        opened={confirmingCancel && !cancelled}
        onClose={() => setConfirmingCancel(false)}
        title={sent ? 'Take it off the web?' : 'Cancel it before it goes out?'}
        centered
      >
        <Text size="sm" mb="md">
          {sent
            ? 'It already went out by email and text. Cancelling takes it off the families’ web pages.'
            : 'Nobody will receive it. This cannot be undone.'}
        </Text>
        <Group gap="sm">
          <Button color="red" loading={cancelling} onClick={onCancel} data-autofocus>
            Yes, cancel it
          </Button>
          <Button variant="default" onClick={() => setConfirmingCancel(false)}>
            Keep it
          </Button>
        </Group>
      </Modal>
      <Modal
        opened={confirmingSend !== null}
        onClose={() => setConfirmingSend(null)}
        title="Send it now?"
        centered
      >
        {confirmingSend ? (
          <SendNowSummary
            email={confirmingSend.email}
            sms={confirmingSend.sms}
            reach={reach.data}
            sending={sending}
            onSend={async () => {
              setSending(true);
              try {
                await save(confirmingSend.body);
              } finally {
                setSending(false);
                setConfirmingSend(null);
              }
            }}
            onBack={() => setConfirmingSend(null)}
          />
        ) : null}
      </Modal>
      {loaded ? (
        <Text size="sm" c="dimmed">
          Written by {loaded.createdBy ?? 'the center'} · last changed {formatInstant(loaded.updated)}
          {loaded.sendAt && !loaded.sentAt && !cancelled ? ` · goes out ${formatInstant(loaded.sendAt)}` : ''}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The "Send now" confirmation: how many emails and text messages go out at once (the reach of the chosen
 * sessions: families and emergency contacts), before anything is sent. `reach` undefined: still counting.
 */
export function SendNowSummary({
  email,
  sms,
  reach,
  sending,
  onSend,
  onBack,
}: {
  email: boolean;
  sms: boolean;
  reach: AnnouncementReach | undefined;
  sending: boolean;
  onSend: () => void;
  onBack: () => void;
}) {
  const emails = reach ? reach.email.families + reach.email.contacts : 0;
  const texts = reach ? reach.sms.families + reach.sms.contacts : 0;
  const parts = [
    email ? plural(emails, 'email', 'emails') : null,
    sms ? plural(texts, 'text message', 'text messages') : null,
  ].filter((p): p is string => p !== null);
  return (
    <Stack gap="md">
      <Text size="sm">
        {reach
          ? `This sends ${parts.join(' and ')} right away, to ${plural(reach.families, 'family', 'families')} and their emergency contacts who receive them. It cannot be taken back.`
          : 'Counting who receives it…'}
      </Text>
      <Group gap="sm">
        <Button loading={sending} disabled={!reach} onClick={onSend} data-autofocus>
          {reach ? `Send ${parts.join(' and ')}` : 'Send'}
        </Button>
        <Button variant="default" onClick={onBack}>
          Not yet
        </Button>
      </Group>
    </Stack>
  );
}
