// A page of text from the catalogues (about, imprint, contact, order a channel): `${page}.title`, `${page}.lead`
// where it has one, then a section a topic (`${page}.${topic}.title` over `${page}.${topic}.text`), then what the
// page adds (a form, links).
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

export function StaticPage({
  page,
  as: Page = 'div',
  lead = true,
  topics = [],
  textClassName,
  children,
}: {
  /** The prefix of the page's message ids. */
  page: string;
  /** 'article' for a page that stands on its own (about, imprint); 'div' for a page around a form. */
  as?: 'article' | 'div';
  lead?: boolean;
  topics?: readonly string[];
  textClassName?: string;
  children?: ReactNode;
}) {
  return (
    <Page className="static-page">
      <h1>
        <FormattedMessage id={`${page}.title`} />
      </h1>
      {lead && (
        <p className="lead">
          <FormattedMessage id={`${page}.lead`} />
        </p>
      )}
      {topics.map((s) => (
        <section key={s} aria-labelledby={`${page}-${s}`}>
          <h2 id={`${page}-${s}`}>
            <FormattedMessage id={`${page}.${s}.title`} />
          </h2>
          <p className={textClassName}>
            <FormattedMessage id={`${page}.${s}.text`} />
          </p>
        </section>
      ))}
      {children}
    </Page>
  );
}
