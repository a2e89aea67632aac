// One audit log entry as the admin's Audit log and an item's Activity show it (their catalogues name the same
// messages `audit.*` and `activity.*`: `ns` says which): who (and through which token), what
// was done (with the changed fields), and a link to the entity while it is still there (decision 033).
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { AuditLogEntry } from '#schema/entities';
import { categoryPath, channelPath, articlePath, workspaceItemPath } from '../paths';

/** The catalogue's prefix: the admin workspace's `audit`, the editor workspace's `activity`. */
type Namespace = 'audit' | 'activity';

/** Where an entry's entity is shown: public pages for articles, channels and categories, the workspace for news. */
export function auditEntityPath(entry: Pick<AuditLogEntry, 'entityType' | 'entityId' | 'entityExists'>) {
  if (!entry.entityExists) return null;
  switch (entry.entityType) {
    case 'article':
      return articlePath({ id: entry.entityId });
    case 'channel':
      return channelPath(entry.entityId);
    case 'category':
      return categoryPath(entry.entityId);
    case 'news':
      return workspaceItemPath('news', entry.entityId);
    default:
      return null;
  }
}

/** The entity's title then, linked while it exists; a deleted one's title without a link. */
export function AuditEntity({ entry }: { entry: AuditLogEntry }) {
  const intl = useIntl();
  const path = auditEntityPath(entry);
  const title = entry.entityTitle || intl.formatMessage({ id: 'audit.untitled' });
  return (
    <>
      {path ? <Link to={path}>{title}</Link> : <span>{title}</span>}{' '}
      <span className="audit-entity-type">({intl.formatMessage({ id: `audit.entity.${entry.entityType}` })})</span>
    </>
  );
}

/** The actor's name then; through a token, its name too (and "via MCP"); the Cron Trigger as "System". */
export function AuditActor({ entry, ns = 'audit' }: { entry: AuditLogEntry; ns?: Namespace }) {
  const intl = useIntl();
  if (entry.actorKind === 'system' && entry.actorId === null)
    return <>{intl.formatMessage({ id: `${ns}.${entry.actorName === 'system' ? 'system' : 'anonymous'}` })}</>;
  return (
    <>
      {entry.actorName}
      {entry.tokenName && ` ${intl.formatMessage({ id: `${ns}.viaToken` }, { name: entry.tokenName })}`}
      {entry.via === 'mcp' && ` ${intl.formatMessage({ id: `${ns}.viaMcp` })}`}
    </>
  );
}

/** The action in words, with the changed fields or the reader of an access decision. */
export function AuditAction({ entry, ns = 'audit' }: { entry: AuditLogEntry; ns?: Namespace }) {
  const intl = useIntl();
  const action = intl.formatMessage({ id: `${ns}.action.${entry.action}` });
  if (!entry.fields?.length) return <>{action}</>;
  return (
    <>
      {action}: <span className="audit-fields">{entry.fields.join(', ')}</span>
    </>
  );
}
