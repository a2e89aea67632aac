// /appManagement/import: moving content in (decisions 046, 047, 050): pick a WordPress, Ghost or Markdown export or the
// portal's own export ZIP, sent in resumable parts with a progress bar (any size up to 2 GB); once it was read, map its authors and start (author-mapping.tsx); follow the progress bar,
// then read the report: what was created (with links), what was kept as text, which pictures could not be had (with
// their source address, and a button that fetches them again).
import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ImportDetail, ImportSummary } from '#schema/imports';
import { Section } from '../+shared/admin-kit';
import { beginImport, fetchMissingAgain, stopImport, useImport, useImports } from '#web/data/imports';
import { ApiError } from '#web/api/client';
import { articlePath } from '#web/paths';
import { AuthorMapping } from './author-mapping';

const OPEN = new Set(['queued', 'running']);
/** States a cancel applies to: also an import waiting for its authors. */
const CANCELLABLE = new Set(['queued', 'review', 'running']);
const POLL_MS = 2000;

function Counts({ item }: { item: ImportSummary }) {
  const intl = useIntl();
  const kinds = Object.entries(item.counts);
  if (kinds.length === 0) return null;
  return (
    <ul className="import-counts">
      {kinds.map(([kind, c]) => (
        <li key={kind}>
          {intl.formatMessage(
            { id: 'admin.import.count' },
            { kind, created: c.created, updated: c.updated, skipped: c.skipped, failed: c.failed },
          )}
        </li>
      ))}
    </ul>
  );
}

/** The missing pictures with their source address, and (once the import has ended) a retry. */
function MissingMedia({ detail, onRetried }: { detail: ImportDetail; onRetried: () => void }) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const missing = detail.report.missingMedia ?? [];
  if (missing.length === 0) return null;
  const retry = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await fetchMissingAgain(detail.id);
      onRetried();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <h4>{intl.formatMessage({ id: 'admin.import.missing' })}</h4>
      <ul>
        {missing.map((m, i) => (
          <li key={i}>
            {m.url} ({m.reason})
          </li>
        ))}
      </ul>
      {!CANCELLABLE.has(detail.state) && (
        <button type="button" disabled={busy} onClick={() => void retry()}>
          {intl.formatMessage({ id: 'admin.import.retryMissing' })}
        </button>
      )}
      {failed && <p role="alert">{intl.formatMessage({ id: 'admin.import.retryFailed' })}</p>}
    </>
  );
}

function Report({ detail, onRetried }: { detail: ImportDetail; onRetried: () => void }) {
  const intl = useIntl();
  const { items = [], notes = [], detected } = detail.report;
  return (
    <div className="import-report">
      <h3>{intl.formatMessage({ id: 'admin.import.report' }, { file: detail.fileName })}</h3>
      {detected && (
        <p>
          {intl.formatMessage(
            { id: 'admin.import.detected' },
            { posts: detected.posts ?? 0, pages: detected.pages ?? 0, comments: detected.comments ?? 0 },
          )}
        </p>
      )}
      {items.length > 0 && (
        <>
          <h4>{intl.formatMessage({ id: 'admin.import.items' })}</h4>
          <ul>
            {items.map((item) => (
              <li key={item.articleId}>
                <Link to={articlePath({ id: item.articleId })}>{item.title || item.sourceId}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {notes.length > 0 && (
        <>
          <h4>{intl.formatMessage({ id: 'admin.import.notes' })}</h4>
          <ul>
            {notes.map((n, i) => (
              <li key={i}>
                {n.title}: {n.note}
              </li>
            ))}
          </ul>
        </>
      )}
      <MissingMedia detail={detail} onRetried={onRetried} />
    </div>
  );
}

export default function AdminImportView() {
  const intl = useIntl();
  const [file, setFile] = useState<File | null>(null);
  const [site, setSite] = useState('');
  const [media, setMedia] = useState<File | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Bytes of the file (and the media ZIP) the server has while they go up in resumable parts. */
  const [sent, setSent] = useState<{ sent: number; total: number } | null>(null);
  const imports = useImports();
  const chosen = useImport(selected);
  const list = imports.data ?? [];
  const detail = chosen.data ?? null;

  // While an import runs, its progress is asked for every two seconds.
  const anyOpen = list.some((i) => OPEN.has(i.state));
  const { reload: reloadList } = imports;
  const { reload: reloadChosen } = chosen;
  useEffect(() => {
    if (!anyOpen) return;
    const timer = setInterval(() => {
      reloadList();
      reloadChosen();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [anyOpen, reloadList, reloadChosen]);
  // Once none runs any more, the chosen one's final report.
  useEffect(() => {
    if (!anyOpen) reloadChosen();
  }, [anyOpen, reloadChosen]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const { id } = await beginImport(file, site, media, (done, total) => setSent({ sent: done, total }));
      setSelected(id);
    } catch (err) {
      const code = err instanceof ApiError ? err.code : 500;
      setError(
        intl.formatMessage({ id: `admin.import.error.${[400, 409, 413, 415].includes(code) ? code : 'other'}` }),
      );
    } finally {
      setBusy(false);
      setSent(null);
    }
  };

  return (
    <Section
      title={intl.formatMessage({ id: 'admin.section.import' })}
      lead={intl.formatMessage({ id: 'admin.import.intro' })}
    >
      <form onSubmit={(e) => void submit(e)} className="import-form">
        <label>
          {intl.formatMessage({ id: 'admin.import.file' })}
          <input
            type="file"
            accept=".xml,.zip,.json,application/xml,text/xml,application/zip,application/json"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <label>
          {intl.formatMessage({ id: 'admin.import.media' })}
          <input type="file" accept=".zip,application/zip" onChange={(e) => setMedia(e.target.files?.[0] ?? null)} />
        </label>
        <label>
          {intl.formatMessage({ id: 'admin.import.site' })}
          <input type="url" value={site} placeholder="https://" onChange={(e) => setSite(e.target.value)} />
        </label>
        <button type="submit" disabled={!file || busy}>
          {intl.formatMessage({ id: 'admin.import.start' })}
        </button>
        {sent && (
          <progress
            aria-label={intl.formatMessage({ id: 'admin.import.uploading' })}
            max={sent.total || 1}
            value={sent.sent}
          />
        )}
        {error && <p role="alert">{error}</p>}
      </form>
      <ul className="import-list">
        {list.map((item) => {
          const label = intl.formatMessage({ id: 'admin.import.progress' }, { file: item.fileName });
          return (
            <li key={item.id}>
              <button type="button" onClick={() => setSelected(item.id)} aria-pressed={selected === item.id}>
                {item.fileName || item.id}
              </button>{' '}
              <span>{intl.formatMessage({ id: `admin.import.state.${item.state}` })}</span>{' '}
              <progress
                aria-label={label}
                max={item.progress.total || 1}
                value={item.state === 'done' ? item.progress.total || 1 : item.progress.done}
              />
              {item.error && <p>{item.error}</p>}
              <Counts item={item} />
              {CANCELLABLE.has(item.state) && (
                <button type="button" onClick={() => void stopImport(item.id)}>
                  {intl.formatMessage({ id: 'admin.import.cancel' })}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {detail?.state === 'review' && <AuthorMapping key={detail.id} detail={detail} />}
      {detail && detail.state !== 'review' && <Report detail={detail} onRetried={reloadChosen} />}
    </Section>
  );
}
