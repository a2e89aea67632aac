// The frame every workspace view shares: the section links (Articles, Channels, News, Publications, Account),
// the document title, and the page heading.
import { useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { pageTitle } from '../page-title';
import { LinkItems } from '../link-items';
import './workspace.css';

export type SectionId = 'articles' | 'channels' | 'news' | 'publications' | 'account';

export const SECTIONS: readonly { section: SectionId; to: string; label: string }[] = [
  { section: 'articles', to: '/myaccount/articles', label: 'ws.section.articles' },
  { section: 'channels', to: '/myaccount/channels', label: 'ws.section.channels' },
  { section: 'news', to: '/myaccount/news', label: 'ws.section.news' },
  { section: 'publications', to: '/myaccount/publications', label: 'ws.section.publications' },
  { section: 'account', to: '/myaccount', label: 'ws.section.account' },
];

/** Sets the document title while the view is shown: `{title} · SO Portal`. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = pageTitle(title);
    return () => {
      document.title = before;
    };
  }, [title]);
}

/** The workspace's section links; the current one carries aria-current. */
export function WorkspaceNav({ current }: { current: SectionId }) {
  const intl = useIntl();
  return (
    <nav className="ws-nav" aria-label={intl.formatMessage({ id: 'ws.nav' })}>
      <ul>
        <LinkItems items={SECTIONS} current={SECTIONS.find((s) => s.section === current)?.to} />
      </ul>
    </nav>
  );
}

/** A workspace page: its heading (also the document title), the section links, actions beside the heading. */
export function WorkspacePage({
  section,
  title,
  actions,
  children,
}: {
  section: SectionId;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="ws-page">
      <div className="ws-head">
        <h1>{title}</h1>
        {actions && <div className="ws-actions">{actions}</div>}
      </div>
      <WorkspaceNav current={section} />
      {children}
    </div>
  );
}
