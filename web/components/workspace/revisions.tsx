// An item's revisions in its form (decision 029): who saved when, what changed against the current state (a line
// diff of the text fields), and a restore, which the server keeps as a new revision.
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Revision } from '#schema/entities';
import {
  getRevision,
  listRevisions,
  restoreRevision,
  restoreTranslationRevision,
  type RevisionKind,
} from '#web/api/revisions';
import { errorText } from '../error-text';
import { useNotify } from '../notifications';
import { useConfirm } from '../screen-kit/confirm-dialog';
import { DiffView, type FieldTexts } from './diff-view';
import { Modal } from './modal';
import { PreviewLinksBox } from './preview-links';
import { ActivityBox } from './activity';
import './no-lost-work.css';

export interface RevisionsBoxProps {
  type: RevisionKind;
  id: string;
  /** The item's current version: the list reloads when it changes, and a restore names it. */
  version: number;
  /** The text fields of the current state, and of a revision's saved fields, with their labels. */
  textsOf: (fields: Record<string, unknown>) => FieldTexts[];
  current: Record<string, unknown>;
  onRestored: (result: unknown) => void | Promise<void>;
  /** The item's translation in this language (decision 054): its revisions, and a restore answering it. */
  language?: string | undefined;
}

/** The boxes below a stored item's form: its preview links, its activity and its revisions. */
export function ItemHistory({
  type,
  item,
  ...revisions
}: Pick<RevisionsBoxProps, 'type' | 'textsOf' | 'onRestored'> & {
  item: RevisionsBoxProps['current'] & { id: string; version: number };
}) {
  return (
    <>
      <PreviewLinksBox type={type} id={item.id} />
      <ActivityBox id={item.id} />
      <RevisionsBox type={type} id={item.id} version={item.version} current={item} {...revisions} />
    </>
  );
}

export function RevisionsBox({ type, id, version, textsOf, current, onRestored, language }: RevisionsBoxProps) {
  const intl = useIntl();
  const notify = useNotify();
  const [confirm, confirmDialog] = useConfirm();
  const [items, setItems] = useState<Revision[] | null>(null);
  const [comparing, setComparing] = useState<{ version: number; fields: FieldTexts[] } | null>(null);
  useEffect(() => {
    let live = true;
    listRevisions(type, id, language).then(
      (list) => live && setItems(list),
      () => live && setItems([]),
    );
    return () => {
      live = false;
    };
  }, [type, id, version, language]);

  const compare = async (r: Revision) => {
    try {
      const { fields } = await getRevision(type, id, r.id, language);
      const before = textsOf(fields);
      const after = textsOf(current);
      setComparing({
        version: r.version,
        fields: before.map((f, i) => ({ label: f.label, before: f.after, after: after[i]!.after })),
      });
    } catch (err) {
      notify({ kind: 'error', message: errorText(err, intl) });
    }
  };
  const restore = async (r: Revision) => {
    const ok = await confirm({
      title: intl.formatMessage({ id: 'rt.restoreRevisionTitle' }, { version: r.version }),
      message: intl.formatMessage({ id: 'rt.restoreRevisionText' }),
      confirmLabel: intl.formatMessage({ id: 'rt.restoreRevision' }),
    });
    if (!ok) return;
    try {
      await onRestored(
        language
          ? await restoreTranslationRevision(type, id, r.id, language, version)
          : await restoreRevision(type, id, r.id, version),
      );
      notify({ kind: 'success', message: intl.formatMessage({ id: 'rt.restored' }, { version: r.version }) });
    } catch (err) {
      notify({ kind: 'error', message: errorText(err, intl) });
    }
  };

  return (
    <section className="ws-box ws-revisions" aria-labelledby={`revisions-${id}${language ? `-${language}` : ''}`}>
      <h2 id={`revisions-${id}${language ? `-${language}` : ''}`}>
        <FormattedMessage id="rt.revisions" />
      </h2>
      {items && items.length === 0 && (
        <p>
          <FormattedMessage id="rt.revisionsEmpty" />
        </p>
      )}
      <ul>
        {(items ?? []).map((r) => {
          const label = intl.formatMessage(
            { id: 'rt.revisionBy' },
            {
              version: r.version,
              time: intl.formatDate(r.createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
              name: r.userName ?? '—',
            },
          );
          return (
            <li key={r.id}>
              <span>{label}</span>
              {/* The current version's revision is the current state: nothing to compare or restore. */}
              {r.version !== version &&
                (
                  [
                    ['rt.compare', compare],
                    ['rt.restoreRevision', restore],
                  ] as const
                ).map(([action, act]) => (
                  <button
                    key={action}
                    type="button"
                    className="button button-secondary"
                    aria-label={`${intl.formatMessage({ id: action })}: ${label}`}
                    onClick={() => void act(r)}
                  >
                    <FormattedMessage id={action} />
                  </button>
                ))}
            </li>
          );
        })}
      </ul>
      {comparing && (
        <Modal
          title={intl.formatMessage({ id: 'rt.diffTitle' }, { from: comparing.version, to: version })}
          onClose={() => setComparing(null)}
        >
          <DiffView fields={comparing.fields} />
          <p className="actions">
            <button type="button" className="button" onClick={() => setComparing(null)}>
              <FormattedMessage id="rt.closeDiff" />
            </button>
          </p>
        </Modal>
      )}
      {confirmDialog}
    </section>
  );
}
