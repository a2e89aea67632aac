// The breadcrumb trail: a nav with an ordered list; labels show at once, fetched titles follow
// (the look-ups, and the API client with them, load on demand).
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { CrumbDef } from '../navigation';
import type { Crumb } from './crumbs';

/** Before the look-ups answer: labels at once, entities as a placeholder. */
function provisional(defs: CrumbDef[]): (Crumb | null)[] {
  return defs.map((d) => (d.kind === 'label' ? { key: d.key, to: d.to } : null));
}

export function Breadcrumbs({ defs }: { defs: CrumbDef[] }) {
  const intl = useIntl();
  const signature = JSON.stringify(defs);
  const [state, setState] = useState<{ signature: string; locale: string; crumbs: (Crumb | null)[] }>(() => ({
    signature,
    locale: intl.locale,
    crumbs: provisional(defs),
  }));

  useEffect(() => {
    let live = true;
    const parsed = JSON.parse(signature) as CrumbDef[];
    setState((s) => (s.signature === signature ? s : { signature, locale: intl.locale, crumbs: provisional(parsed) }));
    void import('./crumbs').then(({ resolveCrumbs }) => resolveCrumbs(parsed, intl.locale)).then((crumbs) => {
      if (live) setState({ signature, locale: intl.locale, crumbs });
    });
    return () => {
      live = false;
    };
  }, [signature, intl.locale]);

  const crumbs = state.signature === signature ? state.crumbs : provisional(defs);
  if (crumbs.length === 0) return null;
  const busy = crumbs.some((c) => c === null);
  return (
    <nav className="breadcrumbs" aria-label={intl.formatMessage({ id: 'shell.breadcrumbs' })} aria-busy={busy || undefined}>
      <ol>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          const text = crumb === null ? '…' : crumb.key !== undefined ? intl.formatMessage({ id: crumb.key }) : crumb.text;
          return (
            <li key={index}>
              {crumb?.to && !last ? <Link to={crumb.to}>{text}</Link> : <span aria-current={last ? 'page' : undefined}>{text}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
