// The admin's 'New user' form: name, e-mail, names, a password and the role, checked with the shared schema.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ROLES, type Role } from '#schema/enums';
import { createUserBody, LIMITS } from '#schema/requests';
import { AdminForm, SubmitCancel } from '../+shared/admin-kit';
import { TextField } from '#web/components/form';
import { useNotify } from '#web/components/notifications';
import { useForm } from '#web/components/screen-kit/use-form';
import { SelectField } from '#web/components/workspace/fields';
import { createAccount } from '#web/data/admin';

const EMPTY = { name: '', email: '', password: '', firstName: '', lastName: '', role: 'REGULAR_USER' as Role };

export function NewUserForm({ onDone }: { onDone: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const notify = useNotify();
  const [initial] = useState(EMPTY);
  const form = useForm({ initial });
  const { ref: formElement } = form;
  const { values, set, errors } = form;
  const text = (field: 'name' | 'email' | 'password' | 'firstName' | 'lastName') => ({
    name: field,
    value: values[field],
    onChange: (e: { currentTarget: HTMLInputElement }) => set(field, e.currentTarget.value),
    error: errors[field],
  });

  async function submit() {
    const body = { ...values, email: values.email.trim() || null };
    const valid = form.validate(createUserBody, body);
    if (!valid) return;
    await form.send(async () => {
      const created = await createAccount(valid);
      notify({ kind: 'success', message: intl.formatMessage({ id: 'admin.users.created' }, { name: created.name }) });
      onDone();
    });
  }

  return (
    <AdminForm formRef={formElement} title={t('admin.users.new')} alert={form.alert} onSubmit={form.onSubmit(submit)}>
      <div className="field-row">
        <TextField label={t('login.username')} required maxLength={LIMITS.name} autoComplete="off" {...text('name')} />
        <TextField label={t('register.email')} type="email" autoComplete="off" {...text('email')} />
      </div>
      <div className="field-row">
        <TextField label={t('register.firstName')} maxLength={LIMITS.name} {...text('firstName')} />
        <TextField label={t('register.lastName')} maxLength={LIMITS.name} {...text('lastName')} />
      </div>
      <div className="field-row">
        <TextField
          label={t('admin.users.password')}
          type="password"
          autoComplete="new-password"
          required
          hint={intl.formatMessage({ id: 'form.passwordHint' }, { min: LIMITS.password.min })}
          {...text('password')}
        />
        <SelectField
          label={t('account.role')}
          value={values.role}
          onChange={(e) => set('role', e.target.value as Role)}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`role.${r}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <SubmitCancel busy={form.busy} submitLabel={t('admin.users.create')} onCancel={onDone} />
    </AdminForm>
  );
}
