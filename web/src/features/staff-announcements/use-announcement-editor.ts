/**
 * The announcement page's state (issue 9): the stored announcement (when editing) or the sessions to choose
 * from (when new), the form filled from it once, and the reach of the chosen sessions (asked 300 ms after the
 * last change); then saving, sending or cancelling it, back to the list.
 */
import { routes } from '@lc/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type UseFormClearErrors, type UseFormSetError, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { getStaffSessions } from '../../api/staff';
import {
  cancelStaffAnnouncement,
  createStaffAnnouncement,
  getAnnouncementReach,
  getStaffAnnouncement,
  updateStaffAnnouncement,
} from '../../api/staff-announcements';
import { notifyError, notifySuccess } from '../forms/notify';
import { applyServerFieldErrors } from '../forms/use-server-field-errors';
import {
  type AnnouncementFieldMessages,
  type AnnouncementFormValues,
  announcementToForm,
  EMPTY_ANNOUNCEMENT,
  FIELD_ORDER,
  formToAnnouncementBody,
} from './announcement-form';
import type { PendingSend } from './send-now-dialog';

/** The sessions an announcement may be for (running and upcoming, the first 100 by start), when `enabled`. */
export function useSessionChoices(enabled = true) {
  return useQuery({
    queryKey: ['staff', 'sessions', 'announcement-choices'],
    queryFn: ({ signal }) =>
      getStaffSessions({ period: 'active', sort: 'start', dir: 'asc', page: 1, pageSize: 100 }, signal),
    enabled,
  });
}

/** The announcement `id` (undefined: a new one) and its form; the reach is asked only while it may be shown. */
export function useAnnouncementEditor(id: string | undefined, isDirector: boolean) {
  const editing = id !== undefined;
  const existing = useQuery({
    queryKey: ['staff', 'announcements', 'one', id],
    queryFn: ({ signal }) => getStaffAnnouncement(id!, signal),
    enabled: editing,
  });
  const sessions = useSessionChoices(!editing);
  const form = useForm<AnnouncementFormValues>({ defaultValues: EMPTY_ANNOUNCEMENT });
  const { reset, watch } = form;

  const loaded = existing.data;
  const loadedId = useRef<number | null>(null);
  useEffect(() => {
    if (loaded && loadedId.current !== loaded.id) {
      loadedId.current = loaded.id;
      reset(announcementToForm(loaded));
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
  return { existing, sessions, form, loaded, sent, cancelled, values, chosen, reach, reachEnabled };
}

/**
 * Puts `messages` by their fields and moves the focus to the first, in the order the form shows them;
 * answers whether there was any.
 */
export function showFieldMessages(
  setError: UseFormSetError<AnnouncementFormValues>,
  messages: AnnouncementFieldMessages,
) {
  const withMessage = FIELD_ORDER.filter((name) => messages[name]);
  for (const [index, name] of withMessage.entries())
    setError(name, { type: 'validate', message: messages[name] }, { shouldFocus: index === 0 });
  return withMessage.length > 0;
}

/**
 * Submitting, saving (create or update) and cancelling the announcement `id`; saving and cancelling go back to
 * the list when done. A submit that sends now waits in `confirmingSend` for the director's yes.
 */
export function useAnnouncementSave(
  id: string | undefined,
  {
    setError,
    clearErrors,
    sent,
    isDirector,
    zone,
  }: {
    setError: UseFormSetError<AnnouncementFormValues>;
    clearErrors: UseFormClearErrors<AnnouncementFormValues>;
    sent: boolean;
    isDirector: boolean;
    zone: string;
  },
) {
  const editing = id !== undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState(false);
  /** A "Send now" waiting for the director's yes, with the channels it uses. */
  const [confirmingSend, setConfirmingSend] = useState<PendingSend | null>(null);

  const onSubmit = async (form: AnnouncementFormValues) => {
    clearErrors();
    const { body, messages, delivery } = formToAnnouncementBody(form, { editing, sent, isDirector, zone });
    if (showFieldMessages(setError, messages)) return;
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

  return { onSubmit, save, cancel: onCancel, cancelling, confirmingSend, setConfirmingSend };
}
