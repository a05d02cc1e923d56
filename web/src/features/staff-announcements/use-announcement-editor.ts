/**
 * The announcement page's state (issue 9): the stored announcement (when editing) or the sessions to choose
 * from (when new), the form filled from it once, and the reach of the chosen sessions (asked 300 ms after the
 * last change); then saving, sending or cancelling it, back to the list.
 */
import { routes } from '@lc/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type UseFormReturn, type UseFormSetError, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { staffKeys } from '../../api/query-keys';
import { getStaffSessions } from '../../api/staff';
import {
  cancelStaffAnnouncement,
  createStaffAnnouncement,
  getAnnouncementReach,
  getStaffAnnouncement,
  updateStaffAnnouncement,
} from '../../api/staff-announcements';
import { failureMessage, failureStatus } from '../forms/feedback';
import { notifyError, notifySuccess } from '../forms/notify';
import { useSubmit } from '../forms/use-submit';
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
    queryKey: staffKeys.announcementChoices(),
    queryFn: ({ signal }) =>
      getStaffSessions({ period: 'active', sort: 'start', dir: 'asc', page: 1, pageSize: 100 }, signal),
    enabled,
  });
}

/** The announcement `id` (undefined: a new one) and its form; the reach is asked only while it may be shown. */
export function useAnnouncementEditor(id: string | undefined, isDirector: boolean) {
  const editing = id !== undefined;
  const existing = useQuery({
    queryKey: staffKeys.announcement(id),
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
    queryKey: staffKeys.announcementReach(reachIds),
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

/** The toast when saving fails: the server's sentence for a refusal (4xx), else a generic one. */
function saveFailure(error: unknown): string {
  const fallback = 'The announcement could not be saved. Please try again.';
  const status = failureStatus(error);
  return status !== null && status < 500 ? failureMessage(error, fallback) : fallback;
}

/**
 * Submitting, saving (create or update) and cancelling the announcement `id`; saving and cancelling go back to
 * the list when done. A submit that sends now waits in `confirmingSend` for the director's yes; `send` (the
 * yes) submits the form again with that body. Both go through the form kit (docs/architecture.md, "Forms"):
 * the form's own checks and the server's field messages by their fields, focus on the first, any other
 * failure in a toast.
 */
export function useAnnouncementSave(
  id: string | undefined,
  form: UseFormReturn<AnnouncementFormValues>,
  { sent, isDirector, zone }: { sent: boolean; isDirector: boolean; zone: string },
) {
  const editing = id !== undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState(false);
  /** A "Send now" waiting for the director's yes, with the channels it uses. */
  const [confirmingSend, setConfirmingSend] = useState<PendingSend | null>(null);
  /** The body the director said yes to, saved by the next submit. */
  const confirmed = useRef<PendingSend['body'] | null>(null);

  /** Create or update the announcement with `body`. */
  const request = (body: PendingSend['body']) =>
    editing
      ? updateStaffAnnouncement(Number(id), body as Parameters<typeof updateStaffAnnouncement>[1])
      : createStaffAnnouncement(body as Parameters<typeof createStaffAnnouncement>[0]);

  const { onSubmit, submitting } = useSubmit(form, {
    // Null: nothing was saved (a field is refused, or sending now waits for the yes).
    action: async (values) => {
      const yes = confirmed.current;
      confirmed.current = null;
      if (yes) return request(yes);
      form.clearErrors();
      const { body, messages, delivery } = formToAnnouncementBody(values, {
        editing,
        sent,
        isDirector,
        zone,
      });
      if (showFieldMessages(form.setError, messages)) return null;
      // Sending now emails and texts every family reached: say how many and ask first (issue 21 item 17).
      const sendsNow =
        !sent && values.when === 'now' && Boolean(delivery.emailMessage || delivery.smsMessage);
      if (sendsNow) {
        setConfirmingSend({
          body,
          email: Boolean(delivery.emailMessage),
          sms: Boolean(delivery.smsMessage),
        });
        return null;
      }
      return request(body);
    },
    fields: FIELD_ORDER,
    success: (result) => result?.message ?? '',
    onSuccess: async (result) => {
      if (!result) return;
      await queryClient.invalidateQueries({ queryKey: staffKeys.announcements() });
      navigate(routes.staffAnnouncements);
    },
    alert: (error) => {
      notifyError(saveFailure(error));
      return null;
    },
  });

  /** The director's yes: save (and so send) `body`, then back to the list. */
  const send = async (body: PendingSend['body']) => {
    confirmed.current = body;
    await onSubmit();
  };

  const onCancel = async () => {
    setCancelling(true);
    try {
      const result = await cancelStaffAnnouncement(Number(id));
      notifySuccess(result.message);
      await queryClient.invalidateQueries({ queryKey: staffKeys.announcements() });
      navigate(routes.staffAnnouncements);
    } catch (error) {
      notifyError(failureMessage(error, 'It could not be cancelled. Please try again.'));
    } finally {
      setCancelling(false);
    }
  };

  return { onSubmit, submitting, send, cancel: onCancel, cancelling, confirmingSend, setConfirmingSend };
}
