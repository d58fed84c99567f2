import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useForm, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { SIGN_UP_MESSAGES } from '@contracts/account';
import { signUpFormSchema, type SignUpForm as Values } from '@contracts/account-schemas';
import { dismissToast, toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { SubmitText, UntilHydrated } from '@/components/ui/until-hydrated';
import { AgreementLabel } from '@/components/agreement-label';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field, inputClass } from '@/components/ui/field';
import { EmailField, PasswordField } from '@/components/ui/credential-fields';
import { ApiRequestError } from '@/lib/api-client';
import { confirmationCallback, safeReturn } from '@/lib/intent';
import { signUpWithEmail } from './auth-api';
import { ONBOARDING_ROLE_PARAM } from './guard';
import { ResendConfirmation } from './resend-confirmation';

type FormValues = z.input<typeof signUpFormSchema>;

export function SignUpForm({
  asCoach,
  redirectTo,
}: {
  asCoach: boolean;
  redirectTo: string | null;
}) {
  const form = useForm<FormValues, unknown, Values>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { name: '', email: '', password: '', acceptTerms: false as true },
  });
  const { errors } = form.formState;
  // After confirming, the user goes where they were going, else on to onboarding: a Coach's side
  // is already chosen (straight to the profile, issue 36), a Player picks theirs.
  const callbackURL = confirmationCallback(
    safeReturn(redirectTo, asCoach ? `/onboarding?${ONBOARDING_ROLE_PARAM}=expert` : '/onboarding'),
  );
  const signUp = useMutation({
    mutationFn: (values: Values) => signUpWithEmail(values, callbackURL),
    // The agreement toast of an earlier attempt no longer applies.
    onSuccess: () => dismissToast(),
    onError: (error) =>
      toast({
        title:
          error instanceof ApiRequestError && error.status < 500
            ? error.message
            : SIGN_UP_MESSAGES.unexpected,
        variant: 'destructive',
      }),
  });

  const onInvalid = (invalid: FieldErrors<FormValues>) => {
    if (invalid.acceptTerms)
      toast({ ...SIGN_UP_MESSAGES.agreementRequired, variant: 'destructive' });
  };

  if (signUp.isSuccess) {
    return (
      <div className="flex flex-col items-center gap-3 py-6 text-center" role="status">
        <MailCheck className="size-10 text-navy" aria-hidden />
        <p className="text-lg font-semibold text-navy">{SIGN_UP_MESSAGES.checkEmail}</p>
        <p className="text-muted">
          We sent a link to <strong>{signUp.variables.email}</strong>.
        </p>
        <p className="text-sm text-muted">
          No e-mail after a few minutes? Check your spam folder, or:
        </p>
        <ResendConfirmation email={signUp.variables.email} callbackURL={callbackURL} />
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => signUp.mutate(values), onInvalid)}
      className="flex flex-col gap-4"
    >
      <UntilHydrated>
        <Field label="Name" error={errors.name?.message}>
          <input className={inputClass} autoComplete="name" {...form.register('name')} />
        </Field>
        <EmailField error={errors.email?.message} {...form.register('email')} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          error={errors.password?.message}
          hint="At least 8 characters."
          {...form.register('password')}
        />
        <CheckboxField {...form.register('acceptTerms')} label={<AgreementLabel />} />
        <Button type="submit" size="lg" disabled={signUp.isPending}>
          <SubmitText>Sign Up</SubmitText>
        </Button>
      </UntilHydrated>
    </form>
  );
}
