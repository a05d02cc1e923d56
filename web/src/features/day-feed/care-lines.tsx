/** A child's meals and rest for one day (issue 25), as short lines: "Breakfast: All · Lunch: Some", "Rest 12:30–1:45 PM". */
import { type CareEntry, MEALS } from '@lc/contract';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { minuteClock } from './format.ts';

export function CareLines({ care }: { care: CareEntry }) {
  const { t } = useTranslation();
  const meals = MEALS.flatMap((meal) => {
    const amount = care[meal];
    return amount ? [`${t(`feed.common.meal.${meal}`)}: ${t(`feed.common.amount.${amount}`)}`] : [];
  });
  return (
    <>
      {meals.length > 0 ? <Text size="sm">{meals.join(' · ')}</Text> : null}
      {care.restFrom !== null && care.restTo !== null ? (
        <Text size="sm">
          {t('feed.common.rest', { from: minuteClock(care.restFrom), to: minuteClock(care.restTo) })}
        </Text>
      ) : null}
      {care.note ? <Text size="sm">{t('feed.child.careNote', { note: care.note })}</Text> : null}
    </>
  );
}
