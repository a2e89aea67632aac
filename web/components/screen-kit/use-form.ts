// The one form hook of the workspace and admin screens (docs/decisions/023-screen-kit.md): the values, whether
// they differ from what was loaded (and asking before leaving them), field errors from the shared zod schemas
// shown next to their fields, and a send whose refusal comes back from the envelope: the fields it refused
// (its `issues`, by path) beside them in the person's words, the rest in the form's alert (../error-text.ts).
import { useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type * as z from 'zod/mini';
import { formRefusal } from '../error-text';
import { focusFirstInvalid, issuesToFieldErrors, type FieldErrors } from '../form';
import { useLeaveGuard } from './leave-guard';

/** JSON of the values, for comparing a form's state with what was loaded (files by their size). */
export const snapshot = (values: unknown) =>
  JSON.stringify(values, (_key, v: unknown) => (v instanceof Blob ? `blob:${v.size}` : v));

export interface FormOptions<V> {
  /**
   * What the form starts from, kept stable (useMemo or useState): a new object (a save brought the entity back)
   * resets an untouched form.
   */
  initial: V;
  /** The leave guard's question; without it, leaving never asks. */
  leaveMessage?: string;
  /** Something else that must not be left (an upload running). */
  blockLeave?: boolean;
}

export function useForm<V extends object>({ initial, leaveMessage, blockLeave = false }: FormOptions<V>) {
  const intl = useIntl();
  // The form element, through a callback ref (the focus moves to its first invalid field after a refusal).
  const [element, ref] = useState<HTMLFormElement | null>(null);
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(() => snapshot(initial));
  const [base, setBase] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A save (or a change made elsewhere) brings a new entity: the form starts from it, keeping what is being edited.
  if (base !== initial) {
    setBase(initial);
    setValues((v) => (snapshot(v) === saved ? initial : v));
    setSaved(snapshot(initial));
  }
  const dirty = useMemo(() => snapshot(values) !== saved, [values, saved]);
  const leaveDialog = useLeaveGuard(!!leaveMessage && (dirty || blockLeave), leaveMessage ?? '');

  const set = <K extends keyof V>(key: K, value: V[K]) => setValues((v) => ({ ...v, [key]: value }));

  /** Shows `found` beside the fields and moves the focus to the first; true when there were none. */
  const check = (found: FieldErrors): boolean => {
    setErrors(found);
    setAlert(null);
    if (Object.keys(found).length === 0) return true;
    focusFirstInvalid(element);
    return false;
  };

  /** Parses `body` with the shared schema; its issues (and `extra` ones) go beside the fields. */
  function validate<S extends z.ZodMiniType>(
    schema: S,
    body: Record<string, unknown>,
    extra: FieldErrors = {},
  ): z.infer<S> | null {
    const parsed = schema.safeParse(body);
    const found = { ...(parsed.success ? {} : issuesToFieldErrors(parsed.error, intl, body)), ...extra };
    for (const key of Object.keys(found)) if (found[key] === undefined) delete found[key];
    return check(found) && parsed.success ? parsed.data : null;
  }

  /**
   * The refusal of a send: the refused fields beside them and the focus on the first (else back on the submit
   * button), the sentence of the rest in the alert.
   */
  const refused = (err: unknown) => {
    const refusal = formRefusal(err, intl);
    if (Object.keys(refusal.fields).length > 0) setErrors(refusal.fields);
    setAlert(refusal.alert);
    focusFirstInvalid(element);
  };

  /**
   * Runs the server call with the form busy. A screen that navigates away on success passes `keepBusy`, so the
   * form stays disabled until it is gone. Resolves to whether it succeeded.
   */
  async function send(action: () => Promise<void>, { keepBusy = false } = {}): Promise<boolean> {
    setBusy(true);
    try {
      await action();
      if (!keepBusy) setBusy(false);
      return true;
    } catch (err) {
      refused(err);
      setBusy(false);
      return false;
    }
  }

  /** The form's submit handler: no page load, then `run`. */
  const onSubmit = (run: () => unknown) => (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void run();
  };

  /** What is saved now: `next` (default: the values) no longer counts as a change. */
  const markSaved = (next: V = values) => setSaved(snapshot(next));

  return {
    /** The <form>'s ref (take it out of the object: `const { ref: formElement } = form`, for the hooks linter). */
    ref,
    values,
    set,
    setValues,
    dirty,
    errors,
    setErrors,
    alert,
    setAlert,
    busy,
    check,
    validate,
    refused,
    send,
    onSubmit,
    markSaved,
    /** The leave guard's question, while it asks: render it in the view (with `leaveMessage`). */
    leaveDialog,
  };
}

export type Form<V extends object> = ReturnType<typeof useForm<V>>;
