// What a person reads when a call fails (docs/decisions/043-structured-errors.md): a translated sentence about their
// action, chosen by the error's status and the codes of the fields the server refused, never the server's English
// message. Beside it, whether asking again can help: only when the request got no answer, the server failed (5xx) or
// asked to wait (429); a refusal of the input (any other 4xx) comes back the same however often it is sent.
import type { IntlShape } from 'react-intl';
import { ApiError, ShownError, type ApiIssue } from '../api/errors';

export type FieldErrors = Partial<Record<string, string>>;

/** The message ids of the project's own issue codes (worker/lib/errors.ts `issue(...)` callers). */
const ISSUE_MESSAGES: Record<string, string> = {
  name_taken: 'error.issue.nameTaken',
  email_taken: 'error.issue.emailTaken',
  slug_taken: 'error.issue.slugTaken',
  wrong_password: 'error.issue.wrongPassword',
  required: 'form.required',
  password_common: 'error.issue.passwordCommon',
  password_own_name: 'error.issue.passwordOwnName',
  url_invalid: 'error.issue.urlInvalid',
  url_not_https: 'error.issue.urlNotHttps',
  url_has_credentials: 'error.issue.urlCredentials',
  url_is_portal: 'error.issue.urlPortal',
  url_ip_address: 'error.issue.urlIpAddress',
  url_not_public: 'error.issue.urlNotPublic',
  token_expired: 'error.issue.tokenExpired',
  media_not_placeable: 'error.issue.mediaNotPlaceable',
  // refusals of a whole thing (an empty path)
  owns_content: 'error.issue.ownsContent',
  last_admin: 'error.issue.lastAdmin',
  // zod's own codes (the shared schemas' checks, when the server finds what the form did not)
  too_small: 'error.issue.tooSmall',
  too_big: 'error.issue.tooBig',
  invalid_format: 'form.invalid',
};

/** The translated sentence of one refused field. */
export function issueText(issue: Pick<ApiIssue, 'code'>, intl: IntlShape): string {
  return intl.formatMessage({ id: ISSUE_MESSAGES[issue.code] ?? 'form.invalid' });
}

/**
 * The refused fields of a failure, each with its sentence, keyed by the path's first part (the form's field name);
 * the first issue of a field wins. Empty for anything but an ApiError with issues.
 */
export function issueFieldErrors(error: unknown, intl: IntlShape): FieldErrors {
  const found: FieldErrors = {};
  if (!(error instanceof ApiError)) return found;
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (field === undefined || found[String(field)]) continue;
    found[String(field)] = issueText(issue, intl);
  }
  return found;
}

/** Whether sending the same again can succeed: no answer at all, a server failure, or a "wait and retry". */
export function canRetry(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.transport || error.code >= 500 || error.code === 429;
}

/** The message id of a failure by its status. */
function statusMessage(error: ApiError): string {
  if (error.transport) return 'error.network';
  switch (error.code) {
    case 400:
      return 'error.badRequest';
    case 401:
      return 'error.unauthorized';
    case 403:
      return 'error.forbidden';
    case 404:
      return 'error.notFound';
    case 409:
      return 'error.conflict';
    case 413:
      return 'error.tooLarge';
    case 415:
      return 'error.fileType';
    case 429:
      return 'error.tooMany';
    default:
      return error.code >= 500 ? 'error.server' : 'error.badRequest';
  }
}

/**
 * The sentence a person reads for a failure where no field shows it (a form puts its issues beside its fields and
 * says 'error.fields' above): the screen's own (ShownError), else the first refused field's, else by status.
 */
export function errorText(error: unknown, intl: IntlShape): string {
  if (error instanceof ShownError) return error.message;
  if (!(error instanceof ApiError)) return intl.formatMessage({ id: 'shell.error.title' });
  const first = error.transport ? undefined : error.issues[0];
  return first ? issueText(first, intl) : intl.formatMessage({ id: statusMessage(error) });
}

/**
 * A form's reading of a failure: the refused fields with their sentences (beside the fields) and the alert above the
 * form ('error.fields' when there are fields to fix, else the failure's sentence).
 */
export function formRefusal(error: unknown, intl: IntlShape): { fields: FieldErrors; alert: string } {
  const fields = issueFieldErrors(error, intl);
  const marked = Object.keys(fields).length > 0;
  return { fields, alert: marked ? intl.formatMessage({ id: 'error.fields' }) : errorText(error, intl) };
}
