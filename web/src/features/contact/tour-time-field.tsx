/**
 * "Choose a time for your tour" on the schedule-a-tour form (decision 028): the free tour times the director
 * published (`GET /api/Contact/TourSlots`), grouped by day, written in the reader's language on the center's
 * clock, and "None of these times work — we will call you", so a family is never stuck when none suits or
 * none is published. The field's value is a time's id, or null for "call me".
 */
import type { ContactFormInput, OpenTourSlot, OpenTourSlotList } from '@lc/contract';
import { dateTimeFormat } from '@lc/contract';
import { Radio, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type FormOf, useFieldError } from '../forms/fields';

/** A fieldset without the browser's frame: the form's own spacing and labels carry it. */
const PLAIN = { border: 0, margin: 0, padding: 0, minWidth: 0 } as const;

/** The value of "None of these times work": no time chosen. */
const CALL_ME = 'call-me';

/** The slots grouped by the center's day they start on, in order, with the reader's day and clock words. */
export function tourDays(
  list: OpenTourSlotList,
  locale: string,
): Array<{ day: string; slots: Array<OpenTourSlot & { time: string }> }> {
  const day = dateTimeFormat(locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: list.timeZone,
  });
  const clock = dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: list.timeZone });
  const groups = new Map<string, Array<OpenTourSlot & { time: string }>>();
  for (const slot of list.items) {
    const at = new Date(slot.startsAt);
    const name = day.format(at);
    groups.set(name, [...(groups.get(name) ?? []), { ...slot, time: clock.format(at) }]);
  }
  return [...groups].map(([name, slots]) => ({ day: name, slots }));
}

/** "Monday, November 23 at 10:00 AM" / "lunes, 23 de noviembre, 10:00 a.m." for the confirmation. */
export function tourWhen(slot: OpenTourSlot, timeZone: string, locale: string): string {
  return dateTimeFormat(locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(slot.startsAt));
}

/**
 * The field: a fieldset of radios, one per free time under its day, then "call me"; the server's 409 (the time
 * was just taken) shows under it and focus moves to its first radio. `slots` undefined while loading or failed.
 */
export function TourTimeField({
  form,
  slots,
  loading,
  failed,
}: {
  form: FormOf<ContactFormInput>;
  slots: OpenTourSlotList | undefined;
  loading: boolean;
  failed: boolean;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const error = useFieldError(form, 'tourSlotId');
  const locale = i18n.language === 'es' ? 'es-US' : 'en-US';
  const days = slots ? tourDays(slots, locale) : [];
  return (
    <Controller
      control={form.control}
      name="tourSlotId"
      render={({ field }) => {
        const chosen = field.value ?? CALL_ME;
        const choose = (value: string) => field.onChange(value === CALL_ME ? null : value);
        let first = true;
        const refFor = () => {
          if (!first) return undefined;
          first = false;
          return field.ref;
        };
        return (
          <fieldset
            aria-describedby={`${id}-about${error ? ` ${id}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            style={PLAIN}
          >
            <Text component="legend" fw={500} size="sm" mb={4} p={0}>
              {t('contact.tourTime')}
            </Text>
            <Text id={`${id}-about`} size="sm" c="dimmed" mb="xs">
              {loading
                ? t('contact.tourTimeLoading')
                : failed
                  ? t('contact.tourTimeLoadFailed')
                  : days.length === 0
                    ? t('contact.tourTimeNoneOpen')
                    : t('contact.tourTimeAbout')}
            </Text>
            <Stack gap="sm">
              {days.map(({ day, slots: times }) => (
                <fieldset key={day} style={PLAIN}>
                  <Text component="legend" size="sm" fw={600} mb={6} p={0}>
                    {day}
                  </Text>
                  <Stack gap={6}>
                    {times.map((slot) => (
                      <Radio
                        key={slot.id}
                        ref={refFor()}
                        name={field.name}
                        value={slot.id}
                        checked={chosen === slot.id}
                        onChange={() => choose(slot.id)}
                        onBlur={field.onBlur}
                        label={`${slot.time} · ${t('contact.tourMinutes', { minutes: slot.minutes })}`}
                      />
                    ))}
                  </Stack>
                </fieldset>
              ))}
              <Radio
                ref={refFor()}
                name={field.name}
                value={CALL_ME}
                checked={chosen === CALL_ME}
                onChange={() => choose(CALL_ME)}
                onBlur={field.onBlur}
                label={t('contact.tourTimeNone')}
              />
            </Stack>
            {error ? (
              <Text id={`${id}-error`} c="red.8" size="sm" mt={6}>
                {error}
              </Text>
            ) : null}
          </fieldset>
        );
      }}
    />
  );
}
