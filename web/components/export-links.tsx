// The two downloads of GET /api/export (decision 036), the records alone or with the files: "Export my content" on
// the editor workspace's account page, "Export everything" in App management. Plain links, so the browser saves the
// streamed archive to disk itself instead of holding it in the page.
import type { ExportQuery } from '#schema/export';
import { exportArchiveHref } from '../api/export';

interface Props {
  scope: ExportQuery['scope'];
  recordsLabel: string;
  withFilesLabel: string;
}

export function ExportLinks({ scope, recordsLabel, withFilesLabel }: Props) {
  return (
    <p className="export-links">
      <a className="button" href={exportArchiveHref(scope)} download>
        {recordsLabel}
      </a>{' '}
      <a className="button button-secondary" href={exportArchiveHref(scope, 'include')} download>
        {withFilesLabel}
      </a>
    </p>
  );
}
