// Sending a publication request from a form (the item's own, or its translations'): the request, the editor's
// lists and the admin's queue refreshed, the success told, and the form back to its empty start.
import { useIntl } from 'react-intl';
import { requestPublication } from '#web/api/publications';
import { write } from '#web/data/cache';
import { useNotify } from '../notifications';
import type { Form } from '../screen-kit/use-form';

export function useAskPublication<V extends object>(form: Form<V>, initial: V) {
  const intl = useIntl();
  const notify = useNotify();
  return (...request: Parameters<typeof requestPublication>) =>
    form.send(async () => {
      await write(() => requestPublication(...request), { invalidate: [['workspace'], ['admin']] });
      notify({ kind: 'success', message: intl.formatMessage({ id: 'ws.publication.requested' }) });
      form.setValues(initial);
      form.markSaved(initial);
    });
}
