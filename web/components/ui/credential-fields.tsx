import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, inputClass } from './field';

/**
 * What `register` returns for the field, and the field's error; `defaultValue` is what a server-
 * rendered form shows again after the server answered it (ADR 053).
 */
type Registered = UseFormRegisterReturn & { error?: string; defaultValue?: string };

/** An e-mail address, labelled 'Email' unless the form asks for a new one. */
export function EmailField({
  label = 'Email',
  error,
  ...registered
}: Registered & { label?: string }) {
  return (
    <Field label={label} error={error}>
      <input className={inputClass} type="email" autoComplete="email" {...registered} />
    </Field>
  );
}

/** A password: the account's current one, or a new one the browser may offer to generate. */
export function PasswordField({
  label,
  error,
  hint,
  autoComplete,
  ...registered
}: Registered & {
  label: string;
  hint?: string;
  autoComplete: 'current-password' | 'new-password';
}) {
  return (
    <Field label={label} error={error} hint={hint}>
      <input className={inputClass} type="password" autoComplete={autoComplete} {...registered} />
    </Field>
  );
}
