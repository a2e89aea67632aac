// The users section's list of every user's API tokens (ADMIN; GET /tokens/all), each revocable: a token that leaked
// or belongs to someone who left ends here. The token strings live in the workspace's catalogue, laid over this one.
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { listAllApiTokens } from '#web/api/tokens';
import { TokenTable } from '#web/components/api-tokens/token-table';
import { WorkspaceMessages } from '#web/components/workspace/messages';
import { useQuery } from '#web/data/cache';
import { keys } from '#web/data/keys';

export function AllApiTokens() {
  return (
    <WorkspaceMessages>
      <AllApiTokensList />
    </WorkspaceMessages>
  );
}

function AllApiTokensList() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const titleId = useId();
  const query = useQuery(keys.allApiTokens(), listAllApiTokens);
  return (
    <section className="admin-tokens" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('ws.tokens.allTitle')}</h3>
      <p className="muted">{t('ws.tokens.allLead')}</p>
      <TokenTable
        data={{ status: query.status, error: query.error, reload: query.reload, items: query.data ?? [] }}
        label={t('ws.tokens.allTitle')}
        empty={t('ws.tokens.allEmpty')}
      />
    </section>
  );
}
