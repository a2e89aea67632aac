// The breadcrumb trail: a nav with an ordered list. Labels show at once; the crumbs of articles, channels and
// categories (./crumbs, with the data cache and the API client) load on demand and show '…' until then.
import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { CrumbDef } from '../navigation';

// ./crumbs only turns a definition into crumbs; the items are rendered here (importing the router's Link there
// made the bundler split the router out of the entry chunk: 1.3 KB gzip more on the first visit).
const EntityCrumbs = lazy(() => import('./crumbs'));

/** A crumb ready to show: a catalogue key, or a fetched title already in upper case. */
export type Crumb = ({ key: string; text?: undefined } | { text: string; key?: undefined }) & {
  to?: string | undefined;
};

/** One list item; null is a crumb still loading. The last crumb is the current page and has no link. */
function CrumbItem({ crumb, last }: { crumb: Crumb | null; last: boolean }) {
  const intl = useIntl();
  if (crumb === null) return <li aria-busy="true">…</li>;
  const text = crumb.key !== undefined ? intl.formatMessage({ id: crumb.key }) : crumb.text;
  return (
    <li>
      {crumb.to && !last ? (
        <Link to={crumb.to}>{text}</Link>
      ) : (
        <span aria-current={last ? 'page' : undefined}>{text}</span>
      )}
    </li>
  );
}

/** The items of several crumbs; only the very last one of the trail is the current page. */
export function CrumbItems({ crumbs, last }: { crumbs: (Crumb | null)[]; last: boolean }) {
  return crumbs.map((crumb, index) => (
    <CrumbItem key={index} crumb={crumb} last={last && index === crumbs.length - 1} />
  ));
}

export function Breadcrumbs({ defs }: { defs: CrumbDef[] }) {
  const intl = useIntl();
  if (defs.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label={intl.formatMessage({ id: 'shell.breadcrumbs' })}>
      <ol>
        {defs.map((def, index) => {
          const last = index === defs.length - 1;
          // Keyed by position: moving within one channel keeps its crumb, and its answer, in place.
          return def.kind === 'label' ? (
            <CrumbItem key={index} crumb={{ key: def.key, to: def.to }} last={last} />
          ) : (
            <Suspense key={index} fallback={<CrumbItem crumb={null} last={last} />}>
              <EntityCrumbs def={def}>{(crumbs) => <CrumbItems crumbs={crumbs} last={last} />}</EntityCrumbs>
            </Suspense>
          );
        })}
      </ol>
    </nav>
  );
}
