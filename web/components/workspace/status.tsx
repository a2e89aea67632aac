// The status badges of a workspace row: Draft or Published (or Publication pending), Hidden, Restricted,
// Private, and Expires {date} while an approved publication runs until a date.
import { FormattedDate, FormattedMessage } from 'react-intl';
import type { PublicationState } from '../../../schema/workspace';

export type StatusBadge =
  | { kind: 'draft' | 'published' | 'pending' | 'hidden' | 'restricted' | 'private' }
  | { kind: 'expires' | 'scheduled'; date: string };

export interface StatusFlags {
  published: boolean;
  hidden: boolean;
  restricted: boolean;
  private?: boolean;
  publication: PublicationState | null;
}

/** An open publication request whose wished start lies ahead (the Cron Trigger publishes it then, once approved). */
export const startsAhead = (r: { status: string; publishAt?: string | null | undefined }) =>
  (r.status === 'APPROVED' || r.status === 'PENDING') && !!r.publishAt && Date.parse(r.publishAt) > Date.now();

/** What a row's badges say, in the order they show. */
export function statusesOf(row: StatusFlags): StatusBadge[] {
  const badges: StatusBadge[] = [];
  const request = row.publication;
  if (row.published) badges.push({ kind: 'published' });
  else badges.push({ kind: request?.status === 'PENDING' ? 'pending' : 'draft' });
  if (row.published && request?.status === 'APPROVED' && request.expirationDate)
    badges.push({ kind: 'expires', date: request.expirationDate });
  if (!row.published && request && startsAhead(request)) badges.push({ kind: 'scheduled', date: request.publishAt! });
  if (row.hidden) badges.push({ kind: 'hidden' });
  if (row.restricted) badges.push({ kind: 'restricted' });
  if (row.private) badges.push({ kind: 'private' });
  return badges;
}

export function StatusBadges({ row }: { row: StatusFlags }) {
  return (
    <ul className="badges ws-badges">
      {statusesOf(row).map((badge) => (
        <li key={badge.kind} className={`badge ws-badge ws-badge-${badge.kind}`}>
          {badge.kind === 'scheduled' ? (
            <ScheduledFor date={badge.date} />
          ) : badge.kind === 'expires' ? (
            <FormattedMessage
              id="ws.status.expires"
              values={{ date: <FormattedDate value={badge.date} year="numeric" month="short" day="numeric" /> }}
            />
          ) : (
            <FormattedMessage id={`ws.status.${badge.kind}`} />
          )}
        </li>
      ))}
    </ul>
  );
}

/** "Scheduled for {date}": the start's date and time in the viewer's time zone, the zone named. */
export function ScheduledFor({ date }: { date: string }) {
  return (
    <FormattedMessage
      id="ws.status.scheduled"
      values={{
        date: (
          <time dateTime={date}>
            <FormattedDate
              value={date}
              year="numeric"
              month="short"
              day="numeric"
              hour="2-digit"
              minute="2-digit"
              timeZoneName="short"
            />
          </time>
        ),
      }}
    />
  );
}
