// The panel of the sign-in, registration and password screens: the title, an intro, the alert, the form with its
// fields and submit button, and the links to the neighbouring screens. A screen brings its fields and its submit.
import { useRef, type FormEvent, type ReactNode, type RefObject } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../session/session';
import { FormAlert, useFormState } from './form';
import { useNotify } from './notifications';

/** What the sign-in and registration screens hold: their form and its state, and how they sign in and move on. */
export function useSignInForm() {
  const intl = useIntl();
  const { login } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const state = useFormState(form);
  return { intl, login, notify, navigate, form, state };
}

/** Where to go instead: each link with its label's message id. */
export type AuthLinks = readonly { to: string; id: string }[];

export function AuthPanel({
  page,
  intro = false,
  status,
  sent = false,
  form,
  state,
  onSubmit,
  links,
  children,
}: {
  /** The prefix of the panel's message ids: `${page}.title`, `${page}.intro`, `${page}.submit`. */
  page: string;
  intro?: boolean;
  /** A live region under the title (what was sent). */
  status?: ReactNode;
  /** The form (and its intro) gone once it did its work. */
  sent?: boolean;
  form: RefObject<HTMLFormElement | null>;
  state: { alert: string | null; busy: boolean };
  onSubmit: (e: FormEvent<HTMLFormElement>) => Promise<void>;
  links: AuthLinks;
  children: ReactNode;
}) {
  return (
    <div className="panel auth-panel">
      <h1>
        <FormattedMessage id={`${page}.title`} />
      </h1>
      {status}
      {!sent && (
        <>
          {intro && (
            <p>
              <FormattedMessage id={`${page}.intro`} />
            </p>
          )}
          <FormAlert message={state.alert} />
          <form ref={form} noValidate onSubmit={(e) => void onSubmit(e)}>
            {children}
            <button type="submit" className="button" disabled={state.busy}>
              <FormattedMessage id={`${page}.submit`} />
            </button>
          </form>
        </>
      )}
      <p className="auth-links">
        {links.map((link) => (
          <Link key={link.to} to={link.to}>
            <FormattedMessage id={link.id} />
          </Link>
        ))}
      </p>
    </div>
  );
}
