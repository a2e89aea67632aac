import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useSession } from '../../session/session';
import './content-badges.css';

type Flags = { restricted?: boolean; isAd?: boolean; isEditorial?: boolean; private?: boolean };
/** What tells its owner (or an admin) that content is not live: only they can see an unpublished one. */
export type Lifecycle = { userId: string; published: boolean; hidden: boolean };

/**
 * Small labels for restricted, private, advertising and editorial content; with `lifecycle`, its owner and admins
 * also see 'Draft: only you and admins see this' on unpublished content and a note on hidden content. Nothing
 * when none applies.
 */
export default function ContentBadges({ restricted, isAd, isEditorial, private: isPrivate, lifecycle }: Flags & { lifecycle?: Lifecycle }) {
  const { user } = useSession();
  const manages = !!lifecycle && !!user && (user.role === 'ADMIN' || user.id === lifecycle.userId);
  const draft = manages && !lifecycle.published;
  const hidden = manages && lifecycle.hidden;
  if (!restricted && !isAd && !isEditorial && !isPrivate && !draft && !hidden) return null;
  return (
    <ul className="badges">
      {draft && (
        <li className="badge badge-draft">
          <FormattedMessage id="media.badge.draft" defaultMessage="Draft: only you and admins see this" />
        </li>
      )}
      {hidden && (
        <li className="badge badge-draft">
          <FormattedMessage id="media.badge.hidden" defaultMessage="Hidden: not listed, but anyone with the link can open it" />
        </li>
      )}
      {restricted && (
        <li className="badge badge-restricted">
          <FormattedMessage id="media.badge.restricted" defaultMessage="Restricted" />
        </li>
      )}
      {isPrivate && (
        <li className="badge badge-restricted">
          <FormattedMessage id="media.badge.private" defaultMessage="Private" />
        </li>
      )}
      {isAd && (
        <li className="badge badge-ad">
          <FormattedMessage id="media.badge.ad" defaultMessage="Ad" />
        </li>
      )}
      {isEditorial && (
        <li className="badge badge-editorial">
          <FormattedMessage id="media.badge.editorial" defaultMessage="Editorial" />
        </li>
      )}
    </ul>
  );
}

/** For the owner of an article or channel and for admins: the way to its form in the workspace. */
export function EditLink({ kind, id, userId }: { kind: 'article' | 'channel'; id: string; userId: string }) {
  const { user } = useSession();
  if (!user || (user.role !== 'ADMIN' && user.id !== userId) || user.role === 'REGULAR_USER') return null;
  return (
    <Link className="edit-link" to={`/myaccount/${kind === 'article' ? 'articles' : 'channels'}/${encodeURIComponent(id)}`}>
      <FormattedMessage id="media.edit" defaultMessage="Edit" />
    </Link>
  );
}
