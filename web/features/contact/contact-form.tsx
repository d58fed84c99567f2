import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import {
  CONTACT_MESSAGES,
  CONTACT_TOPICS,
  contactSchema,
  type ContactInput,
} from '@contracts/contact';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { SubmitText, UntilHydrated } from '@/components/ui/until-hydrated';
import { AgreementLabel } from '@/components/agreement-label';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field, inputClass } from '@/components/ui/field';
import { EmailField } from '@/components/ui/credential-fields';
import { ApiRequestError } from '@/lib/api-client';
import { sendContactMessage } from './api';
import { joined } from '@contracts/messages';

type FormValues = z.input<typeof contactSchema>;

const emptyForm: FormValues = {
  name: '',
  email: '',
  phone: '',
  topic: '' as FormValues['topic'],
  subject: '',
  message: '',
  agreeToTerms: false,
};

const subjectTooShort = joined(CONTACT_MESSAGES.subjectTooShort);

export function ContactForm() {
  const form = useForm<FormValues, unknown, ContactInput>({
    resolver: zodResolver(contactSchema),
    defaultValues: emptyForm,
  });
  const { errors } = form.formState;

  const send = useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => {
      toast(CONTACT_MESSAGES.sent);
      form.reset(emptyForm);
    },
    onError: (error) =>
      toast({
        title: error instanceof ApiRequestError ? error.message : CONTACT_MESSAGES.failed,
        variant: 'destructive',
      }),
  });

  // The agreement and the subject length are announced as toasts, as the spec words them.
  const onInvalid = (invalid: FieldErrors<FormValues>) => {
    if (invalid.agreeToTerms) {
      toast({ ...CONTACT_MESSAGES.agreementRequired, variant: 'destructive' });
    } else if (invalid.subject?.message === subjectTooShort) {
      toast({ ...CONTACT_MESSAGES.subjectTooShort, variant: 'destructive' });
    }
  };
  const inlineSubjectError =
    errors.subject?.message === subjectTooShort ? undefined : errors.subject?.message;

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => send.mutate(values), onInvalid)}
      className="grid gap-5 sm:grid-cols-2"
    >
      <UntilHydrated>
        <Field label="Name" error={errors.name?.message}>
          <input className={inputClass} autoComplete="name" {...form.register('name')} />
        </Field>
        <EmailField error={errors.email?.message} {...form.register('email')} />
        <Field label="Phone (optional)" error={errors.phone?.message}>
          <input className={inputClass} type="tel" autoComplete="tel" {...form.register('phone')} />
        </Field>
        <Field label="Topic" error={errors.topic?.message}>
          <select
            className={`${inputClass} h-[46px]`}
            // 'Select a topic' in the server's HTML too, not the first topic.
            defaultValue=""
            {...form.register('topic')}
          >
            <option value="" disabled>
              Select a topic
            </option>
            {CONTACT_TOPICS.map((topic) => (
              <option key={topic.value} value={topic.value}>
                {topic.label}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label="Subject"
          error={inlineSubjectError}
          hint="Use five words or more."
          className="sm:col-span-2"
        >
          <input className={inputClass} {...form.register('subject')} />
        </Field>
        <Field label="How can we help?" error={errors.message?.message} className="sm:col-span-2">
          <textarea className={inputClass} rows={6} {...form.register('message')} />
        </Field>
        <div className="sm:col-span-2">
          <CheckboxField {...form.register('agreeToTerms')} label={<AgreementLabel />} />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" disabled={send.isPending} className="w-full sm:w-auto">
            <SubmitText>Submit</SubmitText>
          </Button>
        </div>
      </UntilHydrated>
    </form>
  );
}
