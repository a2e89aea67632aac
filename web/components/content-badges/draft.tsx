// What only an article's or channel's owner and admins see on the public screens: 'Draft: only you and admins see
// this' on unpublished content, a note on hidden content, and the way to its form in the workspace. Apart from
// content-badges/index.tsx, which the first visit loads (the news cards): these go with the content views.
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useSession } from '#web/session/session';
import './draft.css';

/** What tells its owner (or an admin) that content is not live: only they can see an unpublished one. */
export type Lifecycle = { userId: string; published: boolean; hidden: boolean };

const useManages = (userId: string) => {
  const { user } = useSession();
  return !!user && (user.role === 'ADMIN' || (user.id === userId && user.role !== 'REGULAR_USER'));
};

export function DraftBadges({ lifecycle }: { lifecycle: Lifecycle }) {
  const manages = useManages(lifecycle.userId);
  if (!manages || (lifecycle.published && !lifecycle.hidden)) return null;
  return (
    <ul className="badges">
      {!lifecycle.published && (
        <li className="badge badge-draft">
          <FormattedMessage id="media.badge.draft" defaultMessage="Draft: only you and admins see this" />
        </li>
      )}
      {lifecycle.hidden && (
        <li className="badge badge-draft">
          <FormattedMessage
            id="media.badge.hidden"
            defaultMessage="Hidden: not listed, but anyone with the link can open it"
          />
        </li>
      )}
    </ul>
  );
}

/** For the owner of an article or channel and for admins: the way to its form in the workspace. */
export function EditLink({ kind, id, userId }: { kind: 'article' | 'channel'; id: string; userId: string }) {
  if (!useManages(userId)) return null;
  return (
    <Link
      className="edit-link"
      to={`/myaccount/${kind === 'article' ? 'articles' : 'channels'}/${encodeURIComponent(id)}`}
    >
      <FormattedMessage id="media.edit" defaultMessage="Edit" />
    </Link>
  );
}
