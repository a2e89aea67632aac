// /preview/:token: what a shareable preview link shows a reviewer without an account (decision 029): the item's
// latest saved draft, read-only, kept out of search engines.
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import type { Preview as PreviewData } from '../../../schema/entities';
import { getPreview } from '../../api/previews';
import ArticlePreview from '../../components/rich-text/article-preview';
import { LoadError, Loading } from '../../components/view-state';
import { WorkspaceMessages } from '../../components/workspace/messages';
import { paragraphs } from '../article/paragraphs';
import '../article/article.css';

export default function PreviewView() {
  // Its few messages live in the workspace's catalogue, which loads with this rare page, not with every first visit.
  return (
    <WorkspaceMessages>
      <Preview />
    </WorkspaceMessages>
  );
}

function Preview() {
  const intl = useIntl();
  const { token = '' } = useParams();
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'ok'; data: PreviewData } | { status: 'error'; error: unknown }
  >({
    status: 'loading',
  });
  useEffect(() => {
    let live = true;
    getPreview(token).then(
      (data) => live && setState({ status: 'ok', data }),
      (error: unknown) => live && setState({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [token]);
  return (
    <section className="preview-view">
      <meta name="robots" content="noindex, nofollow" />
      <p className="preview-note" role="note">
        <FormattedMessage id="preview.note" />
        {state.status === 'ok' && (
          <>
            {' '}
            <FormattedMessage
              id="preview.expires"
              values={{ time: intl.formatDate(state.data.expiresAt, { dateStyle: 'medium', timeStyle: 'short' }) }}
            />
          </>
        )}
      </p>
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && (
        <LoadError error={state.error} notFound={intl.formatMessage({ id: 'preview.gone' })} />
      )}
      {state.status === 'ok' && state.data.type === 'article' && <ArticlePreview article={state.data.article} />}
      {state.status === 'ok' && state.data.type === 'channel' && (
        <article className="article-view">
          <h1>{state.data.channel.name}</h1>
          <div className="article-description">
            {paragraphs(state.data.channel.infoText).map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
        </article>
      )}
      {state.status === 'ok' && state.data.type === 'news' && (
        <article className="article-view">
          <h1>{state.data.newsItem.title}</h1>
          {state.data.newsItem.teaser && <p className="article-teaser">{state.data.newsItem.teaser}</p>}
          <div className="article-description">
            {paragraphs(state.data.newsItem.description).map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
        </article>
      )}
    </section>
  );
}
