// /appManagement/health: references to content that no longer exists (channel lists, news, category links),
// category cycles and files nothing refers to.
// 'Run health check' shows what is missing; 'Fix' asks first, then shows what it removed.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod/mini';
import type { healthCheck } from '#schema/entities';
import { Section, useErrorText } from '../+shared/admin-kit';
import { useConfirm } from '#web/components/screen-kit/confirm-dialog';
import { LoadError } from '#web/components/view-state';
import { checkHealth, fixHealth } from '#web/data/admin';

type Report = z.infer<typeof healthCheck>;
type State =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'checked'; report: Report }
  | { kind: 'fixed'; report: Report }
  | { kind: 'error'; error: unknown; retry: () => void };

export default function AdminHealthView() {
  const intl = useIntl();
  const errorText = useErrorText();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [confirm, confirmDialog] = useConfirm();

  async function run() {
    setState({ kind: 'running' });
    try {
      setState({ kind: 'checked', report: await checkHealth() });
    } catch (error) {
      setState({ kind: 'error', error, retry: () => void run() });
    }
  }

  async function askToFix(count: number) {
    const ok = await confirm({
      title: count
        ? intl.formatMessage({ id: 'admin.health.confirmFix' }, { count })
        : intl.formatMessage({ id: 'admin.health.confirmFixOthers' }),
      confirmLabel: intl.formatMessage({ id: 'admin.health.confirm' }),
    });
    if (ok) await fix();
  }

  async function fix() {
    setState({ kind: 'running' });
    try {
      setState({ kind: 'fixed', report: await fixHealth() });
    } catch (error) {
      setState({ kind: 'error', error, retry: () => void fix() });
    }
  }

  const missing = state.kind === 'checked' ? state.report.missingArticles : [];
  // Category cycles and files nothing refers to are fixed too; the message names them.
  const others = state.kind === 'checked' ? state.report.categoryCycles.length + state.report.unreferencedFiles : 0;
  return (
    <Section
      title={intl.formatMessage({ id: 'admin.section.health' })}
      lead={<FormattedMessage id="admin.health.lead" />}
      actions={
        <button
          type="button"
          className="button button-small"
          disabled={state.kind === 'running'}
          aria-busy={state.kind === 'running'}
          onClick={() => void run()}
        >
          <FormattedMessage id="admin.health.run" />
        </button>
      }
    >
      <div role="status" aria-live="polite">
        {state.kind === 'running' && (
          <p className="muted">
            <FormattedMessage id="shell.loading" />
          </p>
        )}
        {state.kind === 'checked' && (
          <p className={missing.length || others ? 'form-alert' : 'form-success'}>{state.report.message}</p>
        )}
        {state.kind === 'fixed' && (
          <div className="form-success">
            <p>
              <FormattedMessage id="admin.health.fixed" />
            </p>
            <p>{state.report.message}</p>
          </div>
        )}
      </div>
      {state.kind === 'error' && (
        <LoadError error={state.error} notFound={errorText(state.error)} onRetry={state.retry} />
      )}
      {state.kind === 'checked' && missing.length + others > 0 && (
        <>
          {missing.length > 0 && (
            <>
              <h3>
                <FormattedMessage id="admin.health.missing" values={{ count: missing.length }} />
              </h3>
              <ul>
                {missing.map((id) => (
                  <li key={id}>
                    <code>{id}</code>
                  </li>
                ))}
              </ul>
            </>
          )}
          <button type="button" className="button" onClick={() => void askToFix(missing.length)}>
            <FormattedMessage id="admin.health.fix" />
          </button>
        </>
      )}
      {confirmDialog}
    </Section>
  );
}
