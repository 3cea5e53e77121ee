/** A moment as people scan it ("3 days ago"), with the exact date and time on hover. */
import { dateTime, relativeTime } from './format';

export function TimeAgo({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={dateTime(iso)}>
      {relativeTime(iso)}
    </time>
  );
}
