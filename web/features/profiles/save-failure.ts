import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { PROFILE_MESSAGES } from '@contracts/profiles';
import { toast } from '@/components/toast/toast-store';
import { ApiRequestError, errorMessage } from '@/lib/api-client';

/**
 * A refused profile save: the server's per-field messages go inline under their fields, and one
 * toast says what failed (spec §8 'Profile create' / 'Profile update').
 */
export function reportSaveFailure<T extends FieldValues>(
  error: Error,
  setError: UseFormSetError<T>,
  inlineFields: Path<T>[],
  mode: 'create' | 'manage',
) {
  if (error instanceof ApiRequestError) {
    for (const field of inlineFields) {
      const message = error.fields[field];
      if (message) setError(field, { message });
    }
  }
  const fallback =
    mode === 'create' ? PROFILE_MESSAGES.createFailed : PROFILE_MESSAGES.updateFailed;
  toast({ title: errorMessage(error, fallback), variant: 'destructive' });
}
