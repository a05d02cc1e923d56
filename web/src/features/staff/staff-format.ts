import { dateTimeFormat } from '@lc/contract';
import { CENTER_TIME_ZONE } from '../class-sessions/format';

const when = dateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: CENTER_TIME_ZONE,
});

/** "Nov 20, 2026, 10:14 AM" in the center's time zone, from an ISO instant (the staff pages' moments). */
export const formatWhen = (iso: string) => when.format(new Date(iso));
