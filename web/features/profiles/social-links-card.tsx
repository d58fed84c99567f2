import type { UseFormRegisterReturn } from 'react-hook-form';
import { Card } from '@/components/ui/card';
import { Field, inputClass } from '@/components/ui/field';

export type LinkField = 'websiteUrl' | 'linkedinUrl' | 'twitterUrl' | 'instagramUrl';

const LINKS: Record<LinkField, { label: string; placeholder: string }> = {
  websiteUrl: { label: 'Website', placeholder: 'yourwebsite.com' },
  linkedinUrl: { label: 'LinkedIn', placeholder: 'linkedin.com/in/you' },
  twitterUrl: { label: 'X (Twitter)', placeholder: 'x.com/you' },
  instagramUrl: { label: 'Instagram', placeholder: 'instagram.com/you' },
};

/** The optional profile links, in the order each profile form lists them (spec §2). */
export function SocialLinksCard({
  order,
  register,
  errors,
}: {
  order: LinkField[];
  register: (field: LinkField) => UseFormRegisterReturn;
  errors: Partial<Record<LinkField, { message?: string }>>;
}) {
  return (
    <Card>
      <h2 className="text-2xl font-bold text-navy">Links</h2>
      <p className="mt-1 text-sm text-muted">Optional. We add https:// if you leave it out.</p>
      <div className="mt-5 grid gap-5 sm:grid-cols-2">
        {order.map((field) => (
          <Field key={field} label={LINKS[field].label} error={errors[field]?.message}>
            <input
              className={inputClass}
              type="url"
              inputMode="url"
              placeholder={LINKS[field].placeholder}
              {...register(field)}
            />
          </Field>
        ))}
      </div>
    </Card>
  );
}
