/**
 * "Statements" in Billing (issue 23): a PDF of each month the account has entries in (newest first, the last
 * twelve, then the rest on request) and, per year, the year-end childcare statement for taxes and an FSA. The
 * files come from the server in the reader's language and are saved under the server's name.
 */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  downloadMonthlyStatement,
  downloadYearEndStatement,
  getStatementIndex,
} from '../../api/enrollment.ts';
import { enrollmentKeys } from '../../api/query-keys.ts';
import { intlLocale } from '../../i18n/intl-locale.ts';
import { saveFile } from '../../lib/save-file.ts';
import { notifyError } from '../forms/notify.ts';

const SHOWN = 12;
const LIST = { listStyle: 'none', padding: 0, margin: 0 };

/** The section; nothing until the account has an entry. */
export function StatementsSection() {
  const { t } = useTranslation();
  const index = useQuery({
    queryKey: enrollmentKeys.statements(),
    queryFn: ({ signal }) => getStatementIndex(signal),
  });
  const [all, setAll] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  if (!index.data || index.data.months.length === 0) return null;
  const monthName = (month: string) =>
    new Intl.DateTimeFormat(intlLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${month}-15T12:00:00Z`),
    );
  const save = async (key: string, download: () => Promise<{ blob: Blob; fileName: string }>) => {
    setBusy(key);
    try {
      const { blob, fileName } = await download();
      saveFile(blob, fileName);
    } catch {
      notifyError(t('portal.billing.statements.failed'));
    } finally {
      setBusy(null);
    }
  };
  const months = all ? index.data.months : index.data.months.slice(0, SHOWN);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="statements-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="statements-heading">
          {t('portal.billing.statements.heading')}
        </Title>
        <Text size="sm">{t('portal.billing.statements.intro')}</Text>
        <Title order={3} size="h5" id="statements-monthly">
          {t('portal.billing.statements.monthly')}
        </Title>
        <Group component="ul" gap="xs" aria-labelledby="statements-monthly" style={LIST}>
          {months.map((month) => (
            <li key={month}>
              <Button
                variant="default"
                size="sm"
                loading={busy === month}
                onClick={() => save(month, () => downloadMonthlyStatement(month))}
                aria-label={t('portal.billing.statements.monthLabel', { month: monthName(month) })}
              >
                {monthName(month)}
              </Button>
            </li>
          ))}
        </Group>
        {!all && index.data.months.length > SHOWN ? (
          <Button variant="subtle" w="fit-content" onClick={() => setAll(true)}>
            {t('portal.billing.statements.older')}
          </Button>
        ) : null}
        <Title order={3} size="h5" id="statements-yearly">
          {t('portal.billing.statements.yearEnd')}
        </Title>
        <Text size="sm">{t('portal.billing.statements.yearEndIntro')}</Text>
        <Group component="ul" gap="xs" aria-labelledby="statements-yearly" style={LIST}>
          {index.data.years.map((year) => (
            <li key={year}>
              <Button
                variant="default"
                size="sm"
                loading={busy === String(year)}
                onClick={() => save(String(year), () => downloadYearEndStatement(year))}
              >
                {t('portal.billing.statements.yearLabel', { year })}
              </Button>
            </li>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}
