/** A child's photo consent on the teacher's day (issue 25): a mark and its words, never colour alone. */
import type { PhotoConsent } from '@lc/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const MARK: Record<PhotoConsent, string> = { Granted: '✓', Refused: '✕', NotAsked: '?' };

export function ConsentBadge({ consent }: { consent: PhotoConsent }) {
  const { t } = useTranslation();
  return (
    <Badge variant="default" tt="none" leftSection={<span aria-hidden="true">{MARK[consent]}</span>}>
      {t(`feed.common.consent.${consent}`)}
    </Badge>
  );
}
