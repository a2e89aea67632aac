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

/** What a row's badges say, in the order they show. */
export function statusesOf(row: StatusFlags): StatusBadge[] {
  const badges: StatusBadge[] = [];
  const request = row.publication;
  if (row.published) badges.push({ kind: 'published' });
  else badges.push({ kind: request?.status === 'PENDING' ? 'pending' : 'draft' });
  if (row.published && request?.status === 'APPROVED' && request.expirationDate)
    badges.push({ kind: 'expires', date: request.expirationDate });
  // An open request with a start still ahead: the Cron Trigger publishes it then (once approved).
  if (!row.published && request?.publishAt && (request.status === 'APPROVED' || request.status === 'PENDING'))
    badges.push({ kind: 'scheduled', date: request.publishAt });
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
            <FormattedMessage
              id="ws.status.scheduled"
              values={{
                date: (
                  <FormattedDate
                    value={badge.date}
                    year="numeric"
                    month="short"
                    day="numeric"
                    hour="2-digit"
                    minute="2-digit"
                    timeZoneName="short"
                  />
                ),
              }}
            />
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
