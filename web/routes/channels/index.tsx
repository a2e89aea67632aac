// /channels: every channel the caller may see, as cards (portrait, name, info text).
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ChannelSummary } from '#schema';
import { listChannels } from '#web/api/channels';
import ContentBadges from '#web/components/content-badges';
import { DraftBadges } from '#web/components/content-badges/draft';
import Picture from '#web/components/picture';
import { LoadError, Loading } from '#web/components/view-state';
import { useQuery } from '#web/data/cache';
import { keys } from '#web/data/keys';
import '#web/components/news-card/news-card.css';
import './channels.css';
import { channelPath } from '#web/paths';

/** The first sentence-ish part of a long info text, for cards. */
export function excerpt(text: string, max = 180): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20)).trimEnd()}…`;
}

export function ChannelCard({
  channel,
  to,
  eager = false,
  headingLevel = 2,
}: {
  channel: ChannelSummary;
  to: string;
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card channel-card">
      <div className="channel-card-head">
        <Picture
          src={channel.portraitHref}
          alt={channel.name}
          width={96}
          height={96}
          eager={eager}
          className="channel-portrait"
        />
        <Heading className="card-title">
          <Link to={to}>{channel.name}</Link>
        </Heading>
      </div>
      <div className="card-body">
        <ContentBadges restricted={channel.restricted} private={channel.private} isAd={channel.isAd} />
        <DraftBadges lifecycle={channel} />
        {channel.infoText && <p className="card-teaser">{excerpt(channel.infoText)}</p>}
      </div>
    </article>
  );
}

export default function ChannelsView() {
  const intl = useIntl();
  const state = useQuery(keys.channels(), listChannels);
  return (
    <section className="channels-view">
      <h1>
        <FormattedMessage id="channel.listTitle" defaultMessage="Channels" />
      </h1>
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && (
        <LoadError
          error={state.error}
          notFound={intl.formatMessage({ id: 'channel.listEmpty', defaultMessage: 'There are no channels yet.' })}
          onRetry={state.reload}
          retrying={state.validating}
        />
      )}
      {state.status === 'ok' &&
        (state.data.length === 0 ? (
          <p>
            <FormattedMessage id="channel.listEmpty" defaultMessage="There are no channels yet." />
          </p>
        ) : (
          <ul className="card-grid">
            {state.data.map((channel, index) => (
              <li key={channel.id}>
                <ChannelCard channel={channel} to={channelPath(channel)} eager={index < 6} />
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
