import { FormattedDate } from 'react-intl';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import ContentBadges from '../content-badges';
import { CARD_PICTURE_WIDTH } from '#schema/picture-sources';
import Picture from '../picture';
import './news-card.css';

export interface ContentCardProps {
  className: string;
  title: string;
  to: string;
  thumbnailHref: string | null;
  flags: { restricted: boolean; isAd: boolean; isEditorial: boolean };
  /** More labels after the badges (an article's draft badges, for its owner). */
  extra?: ReactNode;
  date: string;
  teaser: string;
  eager?: boolean;
  /** The card's picture is the page's largest (see Picture). */
  priority?: boolean;
  /**
   * The list's lead story: two columns wide where its grid has room (the item's `card-grid-lead`), with a picture
   * twice the width.
   */
  lead?: boolean;
  headingLevel?: 2 | 3;
}

/** The card every list of content shows: picture, linked title, badges, date and teaser. */
export default function ContentCard({
  className,
  title,
  to,
  thumbnailHref,
  flags,
  extra,
  date,
  teaser,
  eager = false,
  priority = false,
  lead = false,
  headingLevel = 3,
}: ContentCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const width = lead ? 2 * CARD_PICTURE_WIDTH : CARD_PICTURE_WIDTH;
  return (
    <article className={`card ${className}${lead && !thumbnailHref ? ' card-without-picture' : ''}`}>
      {/* A lead story without a picture is laid out without one: a large empty box would be the page's first sight. */}
      {(thumbnailHref || !lead) && (
        <Picture
          src={thumbnailHref}
          alt={title}
          width={width}
          height={(width / 16) * 9}
          eager={eager}
          priority={priority}
          className="card-thumb"
        />
      )}
      <div className="card-body">
        <Heading className="card-title">
          <Link to={to}>{title}</Link>
        </Heading>
        <ContentBadges restricted={flags.restricted} isAd={flags.isAd} isEditorial={flags.isEditorial} />
        {extra}
        <p className="card-date">
          <time dateTime={date}>
            <FormattedDate value={date} year="numeric" month="long" day="numeric" />
          </time>
        </p>
        {teaser && <p className="card-teaser">{teaser}</p>}
      </div>
    </article>
  );
}
