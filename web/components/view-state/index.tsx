// The status lines the views show while their data loads or when it failed (the data itself comes from
// web/data/cache.ts), and the helpers that read an ApiError: in the person's words (../error-text.ts).
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { canRetry, errorText } from '../error-text';
import './view-state.css';

/** The HTTP-like code of an error thrown by the API client (ApiError.code), or 500. */
export function errorCode(error: unknown): number {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'number') return error.code;
  return 500;
}

export function Loading() {
  return (
    <p role="status" className="view-loading">
      <FormattedMessage id="media.loading" defaultMessage="Loading…" />
    </p>
  );
}

/** The account screens' loading line, in the shell's words. */
export function LoadingLine() {
  return (
    <p role="status" className="muted">
      <FormattedMessage id="shell.loading" />
    </p>
  );
}

/** A failed load of an account screen, in a panel, with 'Try again' where `onRetry` is given. */
export function RetryPanel({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: (() => void) | undefined;
  retrying: boolean;
}) {
  return (
    <div className="panel" role="alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="button" disabled={retrying} onClick={onRetry}>
          <FormattedMessage id="shell.retry" />
        </button>
      )}
    </div>
  );
}

/**
 * Error paragraph for a failed load; 404 shows the view's own not-found text. With `onRetry`, failures that
 * asking again may cure (no answer, 5xx, 429: ../error-text.ts canRetry) get a 'Try again' button.
 */
export function LoadError({
  error,
  notFound,
  onRetry,
  retrying = false,
}: {
  error: unknown;
  notFound: string;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const intl = useIntl();
  const code = errorCode(error);
  return (
    <div className="view-error-box">
      <p role="alert" className="view-error">
        {code === 404 ? notFound : errorText(error, intl)}
      </p>
      {onRetry && canRetry(error) && (
        <button type="button" className="button-primary" disabled={retrying} aria-busy={retrying} onClick={onRetry}>
          <FormattedMessage id="media.retry" defaultMessage="Try again" />
        </button>
      )}
    </div>
  );
}

/** The words of a screen whose item has not come: its heading, its heading after a 404, and the 404's sentence. */
export interface PendingTexts {
  title: MessageDescriptor;
  notFoundTitle: MessageDescriptor;
  notFound: MessageDescriptor;
}

/**
 * A screen whose item has not come (yet): its heading ('Article', or 'Article not found' after a 404) over
 * Loading while the query has no error, or the error with 'Try again'.
 */
export function PendingScreen({
  className,
  query,
  texts,
}: {
  className: string;
  query: { error: unknown; reload: () => void; validating: boolean };
  texts: PendingTexts;
}) {
  const intl = useIntl();
  const { error } = query;
  return (
    <section className={className}>
      <h1>{intl.formatMessage(error !== undefined && errorCode(error) === 404 ? texts.notFoundTitle : texts.title)}</h1>
      {error === undefined ? (
        <Loading />
      ) : (
        <LoadError
          error={error}
          notFound={intl.formatMessage(texts.notFound)}
          onRetry={query.reload}
          retrying={query.validating}
        />
      )}
    </section>
  );
}
