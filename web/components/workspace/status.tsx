// The status badges of a workspace row: Draft or Published (or Publication pending), Hidden, Restricted,
// Private, and Expires {date} while an approved publication runs until a date; and what visitors actually get of
// it (visitorState): published content that visitors still cannot see says why.
import { FormattedDate, FormattedMessage } from 'react-intl';
import type { PublicationState, VisitorState } from '#schema/workspace';

export type StatusBadge =
  | {
      kind:
        | 'draft'
        | 'published'
        | 'pending'
        | 'hidden'
        | 'restricted'
        | 'private'
        | 'waitingForChannel'
        | 'privateChannel'
        | 'targetNotPublic';
    }
  | { kind: 'expires' | 'scheduled'; date: string };

export interface StatusFlags {
  published: boolean;
  hidden: boolean;
  restricted: boolean;
  private?: boolean;
  publication: PublicationState | null;
  /** What an anonymous visitor gets (the workspace rows carry it). */
  visitorState?: VisitorState | undefined;
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
  // Published, yet visitors get "not found" (its channel is pending) or must be granted the channel.
  if (row.published && (row.visitorState === 'waitingForChannel' || row.visitorState === 'privateChannel'))
    badges.push({ kind: row.visitorState });
  if (row.published && request?.status === 'APPROVED' && request.expirationDate)
    badges.push({ kind: 'expires', date: request.expirationDate });
  if (!row.published && request && startsAhead(request)) badges.push({ kind: 'scheduled', date: request.publishAt! });
  if (row.hidden) badges.push({ kind: 'hidden' });
  if (row.restricted) badges.push({ kind: 'restricted' });
  if (row.private) badges.push({ kind: 'private' });
  return badges;
}

/** A news item's badge: what visitors get of it (a live date alone does not put it in the feed). */
export function newsStatusOf(item: { publishedAt: string; visitorState?: VisitorState | undefined }): StatusBadge {
  const state = item.visitorState ?? (Date.parse(item.publishedAt) > Date.now() ? 'scheduled' : 'live');
  if (state === 'scheduled') return { kind: 'scheduled', date: item.publishedAt };
  return { kind: state === 'live' ? 'published' : 'targetNotPublic' };
}

const dateTime = (value: string) => (
  <FormattedDate
    value={value}
    year="numeric"
    month="short"
    day="numeric"
    hour="2-digit"
    minute="2-digit"
    timeZoneName="short"
  />
);

/** The badges of `row`, or the `badges` given (a news item's). */
export function StatusBadges({ row, badges }: { row?: StatusFlags; badges?: StatusBadge[] }) {
  const shown = badges ?? (row ? statusesOf(row) : []);
  return (
    <ul className="badges ws-badges">
      {shown.map((badge) => (
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

/**
 * One sentence on what visitors get, for a form: why published content is still "not found", or who sees it.
 * `date` is a news item's start (for 'scheduled').
 */
export function VisitorNote({ state, date }: { state: VisitorState | undefined; date?: string }) {
  if (!state) return null;
  return (
    <p className={`ws-visitor ws-visitor-${state}`}>
      <FormattedMessage id={`ws.visitor.${state}`} values={{ date: date ? dateTime(date) : '' }} />
    </p>
  );
}

/** "Scheduled for {date}": the start's date and time in the viewer's time zone, the zone named. */
export function ScheduledFor({ date }: { date: string }) {
  return (
    <FormattedMessage
      id="ws.status.scheduled"
      values={{
        date: <time dateTime={date}>{dateTime(date)}</time>,
      }}
    />
  );
}
