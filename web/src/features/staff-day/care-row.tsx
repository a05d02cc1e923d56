/**
 * One child's meals and rest on the teacher's day (issue 25): a segmented control per meal (a tap each), the
 * rest's start and end, a short note, and a Save for the row. Phone-first: the row is a card that stacks.
 */
import { type CareEntry, type DayChild, MEALS, type MealAmount } from '@lc/contract';
import { Button, Card, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveCare } from '../../api/day-feed.ts';
import { dayFeedKeys } from '../../api/query-keys.ts';
import { fieldToMinutes, minutesToField } from '../day-feed/format.ts';
import { failureMessage } from '../forms/feedback.ts';
import { notifySuccess } from '../forms/notify.ts';
import { FormFailure } from '../forms/use-submit.tsx';
import { ConsentBadge } from './consent-badge.tsx';

const UNSET = 'unset';

export function CareRow({ classSessionId, child }: { classSessionId: number; child: DayChild }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const start: CareEntry = child.care ?? {
    breakfast: null,
    snack: null,
    lunch: null,
    restFrom: null,
    restTo: null,
    note: '',
  };
  const [meals, setMeals] = useState<Record<string, string>>(
    Object.fromEntries(MEALS.map((meal) => [meal, start[meal] ?? UNSET])),
  );
  const [restFrom, setRestFrom] = useState(minutesToField(start.restFrom));
  const [restTo, setRestTo] = useState(minutesToField(start.restTo));
  const [note, setNote] = useState(start.note);
  const save = useMutation({
    mutationFn: () =>
      saveCare(classSessionId, child.studentId, {
        ...Object.fromEntries(
          MEALS.map((meal) => [meal, meals[meal] === UNSET ? null : (meals[meal] as MealAmount)]),
        ),
        restFrom: fieldToMinutes(restFrom),
        restTo: fieldToMinutes(restTo),
        note,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: dayFeedKeys.staffDay(classSessionId) });
      notifySuccess(t('feed.staff.careSaved', { name: child.firstName }));
    },
  });
  const name = `${child.firstName} ${child.lastName}`;
  const amounts = [
    { value: UNSET, label: t('feed.staff.notNoted') },
    ...(['All', 'Some', 'None'] as const).map((a) => ({ value: a, label: t(`feed.common.amount.${a}`) })),
  ];
  return (
    <Card withBorder padding="sm" radius="md" component="li">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Text fw={700}>{name}</Text>
            <ConsentBadge consent={child.consent} />
          </Group>
          {MEALS.map((meal) => (
            <Stack key={meal} gap={2}>
              <Text size="sm" aria-hidden="true">
                {t(`feed.common.meal.${meal}`)}
              </Text>
              <SegmentedControl
                fullWidth
                size="xs"
                aria-label={t('feed.staff.mealGroup', {
                  meal: t(`feed.common.meal.${meal}`),
                  name: child.firstName,
                })}
                data={amounts}
                value={meals[meal]}
                onChange={(value) => setMeals((m) => ({ ...m, [meal]: value }))}
              />
            </Stack>
          ))}
          <Group grow gap="xs">
            <TextInput
              type="time"
              label={t('feed.staff.restFrom')}
              value={restFrom}
              onChange={(e) => setRestFrom(e.currentTarget.value)}
            />
            <TextInput
              type="time"
              label={t('feed.staff.restTo')}
              value={restTo}
              onChange={(e) => setRestTo(e.currentTarget.value)}
            />
          </Group>
          <TextInput
            label={t('feed.staff.careNote')}
            value={note}
            maxLength={280}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <FormFailure
            failure={save.isError ? failureMessage(save.error, t('feed.staff.loadFailed')) : null}
          />
          <Button type="submit" variant="light" loading={save.isPending} w="fit-content">
            {t('feed.staff.saveCare', { name: child.firstName })}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
