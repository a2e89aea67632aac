// An article or channel of another editor, opened by its workspace address: not an edit form the server would
// refuse to save (403), but a note whose it is and the way to its public page. ADMIN edits everyone's.
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useSession } from '#web/session/session';
import type { Query } from '#web/data/cache';
import { WorkspacePage, type SectionId } from './frame';
import { ItemLoading } from './form-page';

/** Whether the signed-in user may edit content owned by `ownerId` (their own, or ADMIN anyone's). */
export function useMayEdit(ownerId: string): boolean {
  const { user } = useSession();
  return !!user && (user.role === 'ADMIN' || user.id === ownerId);
}

/**
 * The form of `item` when the viewer may edit it (`children`), else the note that it belongs to another editor
 * with a link to `publicPath`. `section` names the messages: ws.{section}.notYours.
 */
export function OwnedItem({
  section,
  ownerId,
  name,
  publicPath,
  children,
}: {
  section: Extract<SectionId, 'articles' | 'channels'>;
  ownerId: string;
  name: string;
  publicPath: string;
  children: ReactNode;
}) {
  const intl = useIntl();
  const mayEdit = useMayEdit(ownerId);
  if (mayEdit) return children;
  return (
    <WorkspacePage section={section} title={name}>
      <div className="ws-box ws-not-yours" role="note">
        <p>
          <FormattedMessage id={`ws.${section}.notYours`} />
        </p>
        <p>
          <Link to={publicPath}>{intl.formatMessage({ id: 'ws.viewPublicOf' }, { title: name })}</Link>
        </p>
      </div>
    </WorkspacePage>
  );
}

/**
 * A stored article's or channel's form page: the page while it loads or failed to (ws.{section}.edit and
 * ws.{section}.notFound), then `children` with the item as OwnedItem shows it.
 */
export function LoadedOwnedItem<T extends { userId: string }>({
  section,
  item,
  name,
  publicPath,
  children,
}: {
  section: Extract<SectionId, 'articles' | 'channels'>;
  item: Query<T>;
  name: (item: T) => string;
  publicPath: (item: T) => string;
  children: (item: T) => ReactNode;
}) {
  const intl = useIntl();
  if (item.status !== 'ok') {
    return (
      <ItemLoading
        section={section}
        title={intl.formatMessage({ id: `ws.${section}.edit` })}
        item={item}
        notFound={intl.formatMessage({ id: `ws.${section}.notFound` })}
      />
    );
  }
  return (
    <OwnedItem section={section} ownerId={item.data.userId} name={name(item.data)} publicPath={publicPath(item.data)}>
      {children(item.data)}
    </OwnedItem>
  );
}
