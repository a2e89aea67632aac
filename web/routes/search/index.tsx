// /search?q=…: every hit of the search: its picture, title, a line of context and its kind.
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { search } from '#web/api/search';
import Picture from '#web/components/picture';
import { KindLabel, searchTarget } from '#web/components/search-box';
import { LoadError, Loading } from '#web/components/view-state';
import { useQuery } from '#web/data/cache';
import { keys } from '#web/data/keys';
import './search.css';

export default function SearchView() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  // The interface's language (the URL's) is the language the hits answer in (decision 056).
  const { locale } = intl;
  const state = useQuery(q ? keys.search(q, locale) : null, () => search(q, locale));
  return (
    <section className="search-view">
      <h1>
        {q ? (
          <FormattedMessage id="search.resultsFor" defaultMessage="Search results for “{q}”" values={{ q }} />
        ) : (
          <FormattedMessage id="search.title" defaultMessage="Search" />
        )}
      </h1>
      {!q && (
        <p>
          <FormattedMessage
            id="search.hint"
            defaultMessage="Type into the search field at the top of the page to find articles, channels and categories."
          />
        </p>
      )}
      {q && state.status === 'loading' && <Loading />}
      {q && state.status === 'error' && (
        <LoadError error={state.error} notFound="" onRetry={state.reload} retrying={state.validating} />
      )}
      {q && state.status === 'ok' && (
        <>
          <p role="status">
            <FormattedMessage
              id="search.hitCount"
              defaultMessage="{count, plural, =0 {No results} one {# result} other {# results}}"
              values={{ count: state.data.length }}
            />
          </p>
          {state.data.length > 0 && (
            <ul
              className="search-results"
              aria-label={intl.formatMessage({ id: 'search.resultsLabel', defaultMessage: 'Results' })}
            >
              {state.data.map((item, index) => (
                <li key={`${item.kind ?? 'none'}-${item.value}`} className="search-result">
                  <Picture
                    src={item.thumbnailHref}
                    alt=""
                    width={96}
                    height={64}
                    eager={index < 6}
                    className="search-result-thumb"
                  />
                  <div className="search-result-text">
                    <Link to={searchTarget(item)} className="search-result-link">
                      {item.label}
                    </Link>
                    {item.context && <p className="search-result-context">{item.context}</p>}
                  </div>
                  <KindLabel kind={item.kind} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
