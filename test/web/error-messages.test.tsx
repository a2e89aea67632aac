// What people read when a call fails (docs/decisions/043-structured-errors.md): a translated sentence by status and
// issue code, in German too, never the server's English; a retry only where one can succeed; the form kit's focus on
// the first refused field; and no client code that reads the server's message to decide or to show.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { createIntl, IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import deDE from '#web/i18n/de-DE.json';
import enUS from '#web/i18n/en-US.json';
import screensDe from '#web/i18n/screens.de-DE.json';
import screensEn from '#web/i18n/screens.en-US.json';
import { ApiError, ShownError } from '#web/api/errors';
import { canRetry, errorText, formRefusal, issueText } from '#web/components/error-text';
import { FormAlert, TextField, useFormState } from '#web/components/form';
import { LoadError } from '#web/components/view-state';

const de = createIntl({ locale: 'de-DE', messages: { ...deDE, ...screensDe } });
const en = createIntl({ locale: 'en-US', messages: { ...enUS, ...screensEn } });
const issue = (field: string, code: string) => ({ path: [field], code, message: `server words for ${code}` });

describe('errorText', () => {
  it('says a refused field in German by its code, never the server message', () => {
    const webhook = new ApiError(400, 'Validation error: Webhook URL must use https at "url"', false, [
      issue('url', 'url_not_https'),
    ]);
    expect(errorText(webhook, de)).toBe('Die Adresse muss mit https:// beginnen.');
    expect(formRefusal(webhook, de)).toEqual({
      fields: { url: 'Die Adresse muss mit https:// beginnen.' },
      alert: 'Bitte korrigieren Sie die markierten Felder.',
    });
    expect(issueText({ code: 'name_taken' }, de)).toBe('Dieser Benutzername ist vergeben.');
    expect(issueText({ code: 'wrong_password' }, de)).toBe('Das ist nicht Ihr Passwort.');
    // A code the SPA does not know yet still reads as a sentence of its own.
    expect(issueText({ code: 'something_new' }, de)).toBe(deDE['form.invalid']);
  });

  it('says a refusal without issues by its status, in the language of the page', () => {
    const file = new ApiError(415, 'File part "blob:img1" is not an allowed image or video (JPEG, ...)');
    expect(errorText(file, de)).toBe(deDE['error.fileType']);
    expect(errorText(file, en)).toBe(enUS['error.fileType']);
    expect(errorText(new ApiError(400, 'Network Error', true), de)).toBe(deDE['error.network']);
    expect(errorText(new ApiError(503, 'Service unavailable'), de)).toBe(deDE['error.server']);
    expect(errorText(new ApiError(409, 'The request was changed meanwhile; reload it'), en)).toBe(
      enUS['error.conflict'],
    );
    expect(errorText(new ShownError('Schon übersetzt.'), de)).toBe('Schon übersetzt.');
    expect(errorText(new Error('TypeError: x is undefined'), de)).toBe(deDE['shell.error.title']);
  });

  it('names a message id that exists in both catalogues for every code and status it knows', () => {
    const source = readFileSync(path.resolve(import.meta.dirname, '../../web/components/error-text.ts'), 'utf8');
    const ids = [...source.matchAll(/'((?:error|form)\.[\w.]+)'/g)].map((m) => m[1]!);
    expect(ids.length).toBeGreaterThan(25);
    for (const id of ids) {
      expect(enUS, id).toHaveProperty([id]);
      expect(deDE, id).toHaveProperty([id]);
    }
  });
});

describe('a retry', () => {
  it('is offered only where sending again can succeed: no answer, 5xx, 429', () => {
    for (const code of [400, 401, 403, 404, 409, 413, 415])
      expect(canRetry(new ApiError(code, 'x')), `${code}`).toBe(false);
    for (const code of [429, 500, 502, 503]) expect(canRetry(new ApiError(code, 'x')), `${code}`).toBe(true);
    expect(canRetry(new ApiError(400, 'Network Error', true))).toBe(true);
  });

  it('is no button on a refused input, and one on a server failure', () => {
    const retry = () => undefined;
    const view = render(
      <IntlProvider locale="en-US" messages={{ ...enUS, ...screensEn }}>
        <LoadError
          error={new ApiError(400, 'Validation error: Expected a preview token at "token"')}
          notFound=""
          onRetry={retry}
        />
      </IntlProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(enUS['error.badRequest']);
    expect(document.body.textContent).not.toContain('Validation error');
    view.unmount();
    render(
      <IntlProvider locale="en-US" messages={{ ...enUS, ...screensEn }}>
        <LoadError error={new ApiError(503, 'Service unavailable')} notFound="" onRetry={retry} />
      </IntlProvider>,
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

function Form({ refuse }: { refuse: () => ApiError }) {
  const form = useRef<HTMLFormElement>(null);
  const { errors, alert, busy, send } = useFormState(form);
  return (
    <>
      <FormAlert message={alert} />
      <form
        ref={form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send(() => Promise.reject(refuse()));
        }}
      >
        <TextField label="Name" name="name" error={errors.name} />
        <TextField label="Password" name="password" type="password" error={errors.password} />
        <button type="submit" disabled={busy}>
          Save
        </button>
      </form>
    </>
  );
}

describe('the form kit', () => {
  it('puts issues beside their fields by path, in German, and moves the focus to the first', async () => {
    render(
      <IntlProvider locale="de-DE" messages={{ ...deDE, ...screensDe }}>
        <Form refuse={() => new ApiError(403, 'Password is wrong', false, [issue('password', 'wrong_password')])} />
      </IntlProvider>,
    );
    const password = screen.getByLabelText('Password');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Das ist nicht Ihr Passwort.').id).toBe(
      password.getAttribute('aria-describedby')!.split(' ').at(-1),
    );
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(screen.getByRole('alert').textContent).toBe(deDE['error.fields']);
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();
  });

  it('without a refused field, gives the focus back to the submit button instead of leaving it on <body>', async () => {
    render(
      <IntlProvider locale="en-US" messages={{ ...enUS, ...screensEn }}>
        <Form refuse={() => new ApiError(503, 'Service unavailable')} />
      </IntlProvider>,
    );
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    await act(async () => {
      fireEvent.click(save);
    });
    await waitFor(() => expect(document.activeElement).toBe(save));
    expect(screen.getByRole('alert').textContent).toBe(enUS['error.server']);
  });
});

describe('client code', () => {
  it('never reads the server message to decide, nor shows it', () => {
    const web = path.resolve(import.meta.dirname, '../../web');
    const files = (function walk(dir: string): string[] {
      return readdirSync(dir).flatMap((entry) => {
        const full = path.join(dir, entry);
        if (statSync(full).isDirectory()) return walk(full);
        return /\.tsx?$/.test(entry) ? [full] : [];
      });
    })(web);
    expect(files.length).toBeGreaterThan(100);
    const matching =
      /\.message\s*(===|!==|==|!=)|\.message\??\.(includes|startsWith|endsWith|match|search|indexOf|split|slice)\(|\.(test|exec)\([\w.?]*\.message\)/;
    // Showing an error's message: only the ShownError a screen wrote itself (web/components/error-text.ts).
    const shown = /\b(err|error|e|failed|refused|reason)\.message\b/;
    const found: string[] = [];
    for (const file of files) {
      const relative = path.relative(web, file);
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (matching.test(line)) found.push(`${relative}:${i + 1}: ${line.trim()}`);
          // The client and the server renderer pass the message on (into ApiError), never to a person.
          const passesOn = /^(api\/|server\/|data\/cache\.ts)/.test(relative);
          const ownWords = relative === 'components/error-text.ts' && line.includes('ShownError');
          if (shown.test(line) && !passesOn && !ownWords) found.push(`${relative}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
