// The screen kit on its own (web/components/screen-kit/): the data table's states, paging and sort, the confirm
// dialog's focus and answers, and the form hook's dirty state, schema errors and refusals from the envelope.
import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import enUS from '#web/i18n/en-US.json';
import screensEn from '#web/i18n/screens.en-US.json';
import { ApiError } from '#web/api/errors';
import { NotificationsProvider } from '#web/components/notifications';
import { useConfirm, type ConfirmRequest } from '#web/components/screen-kit/confirm-dialog';
import { DataTable, type Column, type TableData } from '#web/components/screen-kit/data-table';
import { useForm } from '#web/components/screen-kit/use-form';

const wrap = ({ children }: { children: ReactNode }) => (
  <IntlProvider locale="en-US" messages={{ ...enUS, ...screensEn }}>
    <NotificationsProvider>
      <MemoryRouter>{children}</MemoryRouter>
    </NotificationsProvider>
  </IntlProvider>
);

type Row = { id: string; name: string; age: number };
const columns: Column<Row>[] = [
  { name: 'name', header: 'Name', cell: (r) => r.name, sortBy: (r) => r.name },
  { name: 'age', header: 'Age', cell: (r) => String(r.age), sortBy: (r) => r.age },
  { name: 'actions', header: 'Actions', cell: (r) => <button type="button">Edit {r.name}</button> },
];
const rows: Row[] = [
  { id: '1', name: 'Bea', age: 40 },
  { id: '2', name: 'Ann', age: 51 },
  { id: '3', name: 'Cid', age: 12 },
];
const table = (data: TableData<Row>) =>
  render(<DataTable data={data} columns={columns} label="People" empty="Nobody here." />, { wrapper: wrap });
const names = () => screen.getAllByRole('rowheader').map((c) => c.textContent);

describe('DataTable', () => {
  it('shows loading, a failure with Try again, and the empty text', () => {
    const { unmount } = table({ status: 'loading', items: [] });
    expect(screen.getByText('Loading…').getAttribute('role')).toBe('status');
    unmount();
    const reload = vi.fn();
    const failed = table({ status: 'error', error: new ApiError(503, 'Service unavailable'), items: [], reload });
    expect(screen.getByRole('alert').textContent).toBe(enUS['error.server']);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledOnce();
    failed.unmount();
    table({ status: 'ok', items: [] });
    expect(screen.getByText('Nobody here.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('names the table and each row by its first cell, and pages with Show more while there is a cursor', async () => {
    const loadMore = vi.fn(async () => {});
    const { rerender } = table({ status: 'ok', items: rows, cursor: 'next', loadMore });
    const people = screen.getByRole('table', { name: 'People' });
    expect(
      within(people)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name ↕', 'Age ↕', 'Actions']);
    expect(names()).toEqual(['Bea', 'Ann', 'Cid']);
    expect(screen.getByRole('row', { name: /Ann 51/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(loadMore).toHaveBeenCalledOnce());
    rerender(<DataTable data={{ status: 'ok', items: rows }} columns={columns} label="People" empty="-" />);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('sorts the loaded rows from a header button, ascending then descending, and says so with aria-sort', () => {
    table({ status: 'ok', items: rows });
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });
    expect(header('Age').getAttribute('aria-sort')).toBe('none');
    expect(header('Actions').hasAttribute('aria-sort')).toBe(false);
    fireEvent.click(within(header('Age')).getByRole('button'));
    expect(header('Age').getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['Cid', 'Bea', 'Ann']);
    fireEvent.click(within(header('Age')).getByRole('button'));
    expect(header('Age').getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Ann', 'Bea', 'Cid']);
    fireEvent.click(within(header('Name')).getByRole('button'));
    expect(header('Age').getAttribute('aria-sort')).toBe('none');
    expect(names()).toEqual(['Ann', 'Bea', 'Cid']);
  });
});

function Asker({ request, onAnswer }: { request: ConfirmRequest; onAnswer: (ok: boolean) => void }) {
  const [confirm, dialog] = useConfirm();
  return (
    <>
      <button type="button" onClick={() => void confirm(request).then(onAnswer)}>
        Ask
      </button>
      {dialog}
    </>
  );
}

describe('the confirm dialog', () => {
  it('for a destructive action: Cancel has the focus, the action is named on its button, Esc cancels', async () => {
    const onAnswer = vi.fn();
    render(<Asker request={{ title: 'Delete Travel?', confirmLabel: 'Delete Travel' }} onAnswer={onAnswer} />, {
      wrapper: wrap,
    });
    screen.getByRole<HTMLButtonElement>('button', { name: 'Ask' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Travel?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).getByRole('button', { name: 'Delete Travel' }).className).toContain('button-danger');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith(false));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ask' }));

    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Travel' }));
    await waitFor(() => expect(onAnswer).toHaveBeenLastCalledWith(true));
  });

  it('for an action that destroys nothing, the action has the focus', () => {
    render(<Asker request={{ title: 'Send it?', confirmLabel: 'Send', destructive: false }} onAnswer={() => {}} />, {
      wrapper: wrap,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send' }));
  });

  it('asks for a reason in its field (focused), runs the action with it and stays open when the action fails', async () => {
    const onAnswer = vi.fn();
    const action = vi.fn(async (reason: string) => {
      if (action.mock.calls.length === 1) throw new ApiError(409, 'The request was decided meanwhile');
      return reason;
    });
    const request = {
      title: 'Reject Travel?',
      confirmLabel: 'Reject Travel',
      field: { label: 'Reason (optional)' },
      action,
    };
    render(<Asker request={request} onAnswer={onAnswer} />, { wrapper: wrap });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reject Travel?' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (optional)' });
    expect(document.activeElement).toBe(reason);
    // Enter in the reason adds a line; it never rejects.
    fireEvent.submit(reason.closest('form')!);
    expect(action).not.toHaveBeenCalled();
    fireEvent.change(reason, { target: { value: '  Too short  ' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Reject Travel' })));
    expect(action).toHaveBeenLastCalledWith('Too short');
    // In the person's words, never the server's.
    expect(within(dialog).getByText(enUS['error.conflict'])).toBeTruthy();
    expect(onAnswer).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Reject Travel' })));
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith(true));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a required field is asked for before the action; Enter in it confirms', async () => {
    const action = vi.fn(async () => {});
    const request = {
      title: 'Delete your account?',
      confirmLabel: 'Delete for good',
      field: { label: 'Your password', type: 'password' as const, required: true },
      action,
    };
    render(<Asker request={request} onAnswer={() => {}} />, { wrapper: wrap });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const password = screen.getByLabelText(/^Your password/);
    expect(document.activeElement).toBe(password);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete for good' })));
    expect(screen.getByText('Please fill in this field.')).toBeTruthy();
    expect(action).not.toHaveBeenCalled();
    fireEvent.change(password, { target: { value: 'secret' } });
    await act(async () => fireEvent.submit(password.closest('form')!));
    expect(action).toHaveBeenCalledWith('secret');
  });

  it('offers alternatives, each closing the dialog; Tab stays inside', async () => {
    const onAnswer = vi.fn();
    const reload = vi.fn();
    const request = {
      title: 'Someone else saved',
      confirmLabel: 'Save mine over theirs',
      alternatives: [{ label: 'Load theirs', onChoose: reload }],
    };
    render(<Asker request={request} onAnswer={onAnswer} />, { wrapper: wrap });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = screen.getByRole('alertdialog');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    within(dialog).getByRole('button', { name: 'Save mine over theirs' }).focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Load theirs' }));
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith(false));
    expect(reload).toHaveBeenCalled();
  });
});

const schema = z.object({ title: z.string().check(z.minLength(3)) });

describe('useForm', () => {
  it('knows whether the values differ from the loaded ones, and starts over from a newly loaded entity', () => {
    const { result, rerender } = renderHook(({ initial }) => useForm({ initial }), {
      wrapper: wrap,
      initialProps: { initial: { title: 'Hello' } },
    });
    expect(result.current.dirty).toBe(false);
    act(() => result.current.set('title', 'Hello!'));
    expect(result.current.dirty).toBe(true);
    act(() => result.current.set('title', 'Hello'));
    expect(result.current.dirty).toBe(false);
    rerender({ initial: { title: 'Saved' } });
    expect(result.current.values.title).toBe('Saved');
    expect(result.current.dirty).toBe(false);
  });

  it('puts the schema issues beside their fields, and a refusal from the envelope too', async () => {
    const { result } = renderHook(() => useForm({ initial: useState({ title: '' })[0] }), { wrapper: wrap });
    let parsed: unknown = 'unset';
    act(() => {
      parsed = result.current.validate(schema, { title: 'ab' });
    });
    expect(parsed).toBeNull();
    expect(result.current.errors).toEqual({ title: 'Please use at least 3 characters.' });
    act(() => {
      parsed = result.current.validate(schema, { title: 'abc' });
    });
    expect(parsed).toEqual({ title: 'abc' });
    expect(result.current.errors).toEqual({});

    let sent: boolean | undefined;
    await act(async () => {
      sent = await result.current.send(async () => {
        throw new ApiError(
          400,
          'Validation error: Too small: expected string to have >=3 characters at "title"',
          false,
          [{ path: ['title'], code: 'too_small', message: 'Too small: expected string to have >=3 characters' }],
        );
      });
    });
    expect(sent).toBe(false);
    // The field says it in the person's words, by the code; the alert points at the fields.
    expect(result.current.errors.title).toBe('This is too short.');
    expect(result.current.alert).toBe('Please correct the marked fields.');
    expect(result.current.busy).toBe(false);
  });

  it('maps the issues to fields by path (the first per field), and a domain issue by its own code', async () => {
    const { result } = renderHook(() => useForm({ initial: useState({ name: '', tags: [] as string[] })[0] }), {
      wrapper: wrap,
    });
    await act(async () => {
      await result.current.send(async () => {
        throw new ApiError(409, 'Name already taken; whatever the server says', false, [
          { path: ['name'], code: 'name_taken', message: 'Name already taken' },
          { path: ['name'], code: 'too_big', message: 'second of the same field' },
          { path: ['tags', 2], code: 'too_big', message: 'Too long' },
        ]);
      });
    });
    expect(result.current.errors).toEqual({ name: 'This username is taken.', tags: 'This is too long.' });
    expect(result.current.alert).toBe('Please correct the marked fields.');
  });

  it("never shows the server's message: a refusal without issues is said by its status", async () => {
    const { result } = renderHook(() => useForm({ initial: useState({ title: '' })[0] }), { wrapper: wrap });
    await act(async () => {
      await result.current.send(async () => {
        throw new ApiError(409, 'The request was changed meanwhile; reload it');
      });
    });
    expect(result.current.errors).toEqual({});
    expect(result.current.alert).toBe(enUS['error.conflict']);
    expect(result.current.alert).not.toContain('meanwhile; reload it');
  });
});
