import type { ComponentProps, ReactNode } from 'react';
import { useId } from 'react';

/** A native checkbox with its label beside it; the label may hold links. */
export function CheckboxField({
  label,
  ...props
}: Omit<ComponentProps<'input'>, 'type' | 'id'> & { label: ReactNode }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input id={id} type="checkbox" className="mt-0.5 size-5 shrink-0 accent-navy" {...props} />
      <label htmlFor={id} className="text-sm leading-6 text-ink">
        {label}
      </label>
    </div>
  );
}
