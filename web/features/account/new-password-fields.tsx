import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField } from '@/components/ui/credential-fields';

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
      <PasswordField
        label="New password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        hint="At least 8 characters."
        {...newPassword}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...confirmPassword}
      />
    </>
  );
}
