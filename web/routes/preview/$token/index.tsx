// /preview/:token: what a shareable preview link shows a reviewer without an account (decision 029): the item's
// latest saved draft, read-only, kept out of search engines.
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { previewTokenParam } from '#schema/requests';
import { ApiError } from '#web/api/errors';
import { getPreview } from '#web/api/previews';
import { useQuery } from '#web/data/cache';
import { keys } from '#web/data/keys';
import ArticlePreview from '#web/components/rich-text/article-preview';
import { LoadError, Loading, errorCode } from '#web/components/view-state';
import { WorkspaceMessages } from '#web/components/workspace/messages';
import { paragraphs } from '#web/routes/article/$articleId/paragraphs';
import NotFoundView from '#web/routes/not-found/index';
import '#web/routes/article/$articleId/article.css';

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
  // A token of the wrong shape is no link: the 404 page, as for an unknown, expired or revoked one (the server
  // renders the same, with status 404).
  const wellFormed = previewTokenParam.safeParse({ token }).success;
  const query = useQuery(keys.preview(token), () =>
    wellFormed ? getPreview(token) : Promise.reject(new ApiError(404, 'Not found')),
  );
  const state = query;
  if (state.status === 'error' && errorCode(state.error) === 404) return <NotFoundView />;
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
        <LoadError
          error={state.error}
          notFound={intl.formatMessage({ id: 'preview.gone' })}
          onRetry={query.reload}
          retrying={query.validating}
        />
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
