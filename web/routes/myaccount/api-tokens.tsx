// The account screen's API tokens (docs/decisions/034-api-tokens.md): a token is made with a name, a scope and an
// expiry (never: ADMIN only) and shown once, with a copy button; the list shows the rest of each token's life and
// revokes it. What a script sends: `Authorization: Bearer sop_...`.
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CreatedApiToken } from '#schema/entities';
import { TOKEN_EXPIRY_DAYS, TOKEN_SCOPES, type TokenScope } from '#schema/enums';
import { createApiTokenBody, LIMITS } from '#schema/requests';
import { createApiToken, listApiTokens } from '#web/api/tokens';
import { TokenTable } from '#web/components/api-tokens/token-table';
import { FormAlert, TextField } from '#web/components/form';
import { useForm } from '#web/components/screen-kit/use-form';
import { SelectField } from '#web/components/workspace/fields';
import { useQuery, write } from '#web/data/cache';
import { keys } from '#web/data/keys';

const EMPTY = { name: '', scope: 'read' as TokenScope, expiresInDays: '90' };

export function ApiTokensSection({ userId, isAdmin }: { userId: string; isAdmin: boolean }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const titleId = useId();
  const query = useQuery(keys.apiTokens(userId), listApiTokens);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);

  return (
    <section className="account-tokens" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('ws.tokens.title')}</h2>
      <p className="muted">
        <FormattedMessage id="ws.tokens.lead" values={{ code: (text) => <code>{text}</code> }} />
      </p>
      {created && <CreatedToken token={created} onDone={() => setCreated(null)} />}
      <NewTokenForm userId={userId} isAdmin={isAdmin} onCreated={setCreated} />
      <TokenTable
        data={{ status: query.status, error: query.error, reload: query.reload, items: query.data ?? [] }}
        label={t('ws.tokens.title')}
        empty={t('ws.tokens.empty')}
      />
    </section>
  );
}

function NewTokenForm({
  userId,
  isAdmin,
  onCreated,
}: {
  userId: string;
  isAdmin: boolean;
  onCreated: (token: CreatedApiToken) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [initial] = useState(EMPTY);
  const form = useForm({ initial });
  const { ref: formElement } = form;
  const { values, set, errors } = form;

  async function submit() {
    const body = {
      name: values.name,
      scope: values.scope,
      expiresInDays: values.expiresInDays === 'never' ? null : Number(values.expiresInDays),
    };
    const valid = form.validate(createApiTokenBody, body);
    if (!valid) return;
    await form.send(async () => {
      const made = await write(() => createApiToken(valid), { invalidate: [keys.apiTokens(userId)] });
      onCreated(made);
      form.setValues(EMPTY);
      form.markSaved(EMPTY);
    });
  }

  return (
    <form
      ref={formElement}
      noValidate
      className="panel"
      aria-label={t('ws.tokens.new')}
      onSubmit={form.onSubmit(submit)}
    >
      {form.alert && <FormAlert message={form.alert} />}
      <div className="field-row">
        <TextField
          label={t('ws.tokens.name')}
          name="name"
          required
          maxLength={LIMITS.name}
          autoComplete="off"
          hint={t('ws.tokens.nameHint')}
          value={values.name}
          error={errors.name}
          onChange={(e) => set('name', e.currentTarget.value)}
        />
        <SelectField
          label={t('ws.tokens.scope')}
          name="scope"
          value={values.scope}
          error={errors.scope}
          onChange={(e) => set('scope', e.target.value as TokenScope)}
        >
          {TOKEN_SCOPES.map((s) => (
            <option key={s} value={s}>
              {t(`ws.tokens.scopeChoice.${s}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('ws.tokens.expiry')}
          name="expiresInDays"
          value={values.expiresInDays}
          error={errors.expiresInDays}
          onChange={(e) => set('expiresInDays', e.target.value)}
        >
          {TOKEN_EXPIRY_DAYS.map((days) => (
            <option key={days} value={String(days)}>
              {intl.formatMessage({ id: 'ws.tokens.days' }, { days })}
            </option>
          ))}
          {isAdmin && <option value="never">{t('ws.tokens.never')}</option>}
        </SelectField>
      </div>
      <button type="submit" className="button" disabled={form.busy} aria-busy={form.busy}>
        {t('ws.tokens.create')}
      </button>
    </form>
  );
}

/** The new token, this once: selected for copying, with a copy button and the warning that it is not shown again. */
function CreatedToken({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const fieldId = useId();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(token.token);
      setCopied(true);
    } catch {
      // No clipboard (insecure context, denied): the field is selected, so Ctrl+C still works.
      (document.getElementById(fieldId) as HTMLInputElement | null)?.select();
    }
  }
  return (
    <div className="panel token-once" role="status">
      <p>
        <strong>{intl.formatMessage({ id: 'ws.tokens.createdOnce' }, { name: token.name })}</strong>
      </p>
      <label htmlFor={fieldId}>{t('ws.tokens.yourToken')}</label>
      <div className="field-row">
        <input
          id={fieldId}
          className="token-value"
          readOnly
          value={token.token}
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="button button-small" onClick={() => void copy()}>
          {t(copied ? 'ws.tokens.copied' : 'ws.tokens.copy')}
        </button>
        <button type="button" className="button button-secondary button-small" onClick={onDone}>
          {t('ws.tokens.done')}
        </button>
      </div>
    </div>
  );
}
