import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { Field, inputClass } from '@/components/ui/field';

/** A new password typed twice, as the reset link and Account Settings ask for it. */
export function NewPasswordFields({
  newPassword,
  confirmPassword,
  errors,
}: {
  newPassword: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { newPassword?: FieldError; confirmPassword?: FieldError };
}) {
  return (
    <>
      <Field label="New password" error={errors.newPassword?.message} hint="At least 8 characters.">
        <input
          className={inputClass}
          type="password"
          autoComplete="new-password"
          {...newPassword}
        />
      </Field>
      <Field label="Confirm new password" error={errors.confirmPassword?.message}>
        <input
          className={inputClass}
          type="password"
          autoComplete="new-password"
          {...confirmPassword}
        />
      </Field>
    </>
  );
}
