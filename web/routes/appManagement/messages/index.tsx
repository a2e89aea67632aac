// /appManagement/messages: what visitors sent through the contact and order-channel forms, newest first and paged.
// Opening a message marks it read (the tab's badge counts the unread ones); it can be marked handled, or reopened.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ContactMessage } from '#schema/entities';
import type { MessageState } from '#web/api/contact';
import { DateTime, FilterSelect, Section, useAct, useBusy } from '../+shared/admin-kit';
import { DataTable, type Column } from '#web/components/screen-kit/data-table';
import { markMessage, useMessages } from '#web/data/admin';

function MessageDetail({ message }: { message: ContactMessage }) {
  const intl = useIntl();
  const act = useAct();
  const { busy, run } = useBusy();
  const change = (change: { read?: boolean; handled?: boolean }, done: string) =>
    void run('change', () =>
      act(() => markMessage(message.id, change), intl.formatMessage({ id: done }, { name: message.name })),
    );
  return (
    <div
      className="panel"
      role="region"
      aria-label={intl.formatMessage({ id: 'admin.messages.from' }, { name: message.name })}
    >
      <dl>
        <dt>
          <FormattedMessage id="admin.messages.sender" />
        </dt>
        <dd>
          {message.name} &lt;<a href={`mailto:${message.email}`}>{message.email}</a>&gt;
        </dd>
        {message.channelName && (
          <>
            <dt>
              <FormattedMessage id="admin.messages.channelName" />
            </dt>
            <dd>{message.channelName}</dd>
          </>
        )}
        {message.purpose && (
          <>
            <dt>
              <FormattedMessage id="admin.messages.purpose" />
            </dt>
            <dd className="admin-message-body">{message.purpose}</dd>
          </>
        )}
      </dl>
      <p className="admin-message-body">{message.message}</p>
      <div className="admin-actions">
        {message.handledAt ? (
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={busy !== null}
            onClick={() => change({ handled: false }, 'admin.messages.reopened')}
          >
            <FormattedMessage id="admin.messages.reopen" />
          </button>
        ) : (
          <button
            type="button"
            className="button button-small"
            disabled={busy !== null}
            onClick={() => change({ handled: true }, 'admin.messages.handled')}
          >
            <FormattedMessage id="admin.messages.markHandled" />
          </button>
        )}
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={busy !== null}
          onClick={() => change({ read: false }, 'admin.messages.markedUnread')}
        >
          <FormattedMessage id="admin.messages.markUnread" />
        </button>
      </div>
    </div>
  );
}

function useColumns(opened: string | null, toggle: (message: ContactMessage) => void): Column<ContactMessage>[] {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return [
    {
      name: 'sender',
      header: t('admin.messages.sender'),
      cell: (m) => (
        <>
          {m.name}
          {!m.readAt && <span className="visually-hidden"> ({t('admin.messages.unread')})</span>}
        </>
      ),
    },
    { name: 'kind', header: t('admin.messages.kind'), cell: (m) => t(`admin.messages.kind.${m.kind}`) },
    { name: 'received', header: t('admin.messages.receivedAt'), cell: (m) => <DateTime value={m.createdAt} /> },
    {
      name: 'status',
      header: t('admin.status'),
      cell: (m) => t(m.handledAt ? 'admin.messages.handledState' : 'admin.messages.open'),
    },
    {
      name: 'actions',
      header: t('admin.actions'),
      cell: (m) => {
        const open = opened === m.id;
        return (
          <button
            type="button"
            className="button button-secondary button-small"
            aria-expanded={open}
            aria-label={intl.formatMessage(
              { id: open ? 'admin.messages.closeFrom' : 'admin.messages.openFrom' },
              { name: m.name },
            )}
            onClick={() => toggle(m)}
          >
            <FormattedMessage id={open ? 'admin.close' : 'admin.messages.read'} />
          </button>
        );
      },
    },
  ];
}

export default function AdminMessagesView() {
  const intl = useIntl();
  const [status, setStatus] = useState<MessageState | ''>('open');
  const [opened, setOpened] = useState<string | null>(null);
  const list = useMessages(status || undefined);

  function toggle(message: ContactMessage) {
    const opening = opened !== message.id;
    setOpened(opening ? message.id : null);
    // Reading it is what an admin does by opening it; the badge follows.
    if (opening && !message.readAt) void markMessage(message.id, { read: true }).catch(() => {});
  }
  const columns = useColumns(opened, toggle);

  return (
    <Section
      title={intl.formatMessage({ id: 'admin.section.messages' })}
      lead={<FormattedMessage id="admin.messages.lead" />}
    >
      <FilterSelect<MessageState>
        label={intl.formatMessage({ id: 'admin.status' })}
        value={status}
        onChange={setStatus}
        options={[
          { value: 'open', label: intl.formatMessage({ id: 'admin.messages.open' }) },
          { value: 'handled', label: intl.formatMessage({ id: 'admin.messages.handledState' }) },
          { value: '', label: intl.formatMessage({ id: 'admin.all' }) },
        ]}
      />
      <DataTable
        data={list}
        columns={columns}
        label={intl.formatMessage({ id: 'admin.section.messages' })}
        empty={intl.formatMessage({ id: 'admin.messages.empty' })}
        rowClassName={(m) => (m.readAt ? undefined : 'admin-unread')}
        detail={(m) => opened === m.id && <MessageDetail message={m} />}
      />
    </Section>
  );
}
