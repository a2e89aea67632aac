// The article form's line saying where an imported article came from (issue 30): the source's kind, its id there and
// its old address (GET /articles/{id} answers `importedFrom` to those who may edit the article).
import { useIntl } from 'react-intl';
import type { ImportedFrom } from '#schema/entities';

const KIND_NAMES: Record<string, string> = {
  wordpress: 'WordPress',
  ghost: 'Ghost',
  markdown: 'Markdown',
  portal: 'SO Portal',
};

export function ImportedFromLine({ source }: { source: ImportedFrom | undefined }) {
  const intl = useIntl();
  if (!source) return null;
  const kind = KIND_NAMES[source.kind] ?? source.kind;
  return (
    <p className="muted" data-testid="imported-from">
      {intl.formatMessage({ id: 'ws.articles.importedFrom' }, { kind, id: source.sourceId })}
      {source.url && (
        <>
          {' · '}
          <a href={source.url} rel="noopener noreferrer nofollow" target="_blank">
            {source.url}
          </a>
        </>
      )}
    </p>
  );
}
