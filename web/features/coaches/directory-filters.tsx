import { Search, SlidersHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  DEFAULT_DIRECTORY_SHOW,
  DIRECTORY_SHOW_LABELS,
  DIRECTORY_SHOWS,
  DEFAULT_DIRECTORY_SORT,
  DIRECTORY_MESSAGES,
  DIRECTORY_QUERY_MAX,
  DIRECTORY_SORT_LABELS,
  DIRECTORY_SORTS,
} from '@contracts/directory';
import { RESPONSE_FILTER_LABELS, RESPONSE_PROMISE_HOURS } from '@contracts/response-time';
import { Button } from '@/components/ui/button';
import { Field, inputClass } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { DIRECTORY_PARAMS } from './directory-api';

const RATINGS = [4, 3, 2, 1];
const PRICE_FIELDS = [
  ['minPrice', 'Min price ($)'],
  ['maxPrice', 'Max price ($)'],
] as const;

/** The parameters behind the 'Filters' button on a phone. */
const FOLDED = ['minPrice', 'maxPrice', 'minRating', 'show', 'within', 'sort'] as const;

/**
 * The directory's search box, filters and sort. Its values come from the URL and go back to it,
 * so a search can be shared; a changed sort or rating applies at once, text on Search. On a phone
 * (below Tailwind's `sm`, 640 px) the price, rating and sort fold behind a 'Filters' button, so the
 * Coaches are on the first screen; they start open when one of them is set.
 */
export function DirectoryFilters({
  params,
  onChange,
}: {
  params: URLSearchParams;
  onChange: (next: URLSearchParams) => void;
}) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of DIRECTORY_PARAMS) {
      const value = String(data.get(name) ?? '').trim();
      const isDefault =
        (name === 'sort' && value === DEFAULT_DIRECTORY_SORT) ||
        (name === 'show' && value === DEFAULT_DIRECTORY_SHOW);
      if (value && !isDefault) next.set(name, value);
    }
    onChange(next);
  };
  const applyNow = (event: FormEvent<HTMLSelectElement>) =>
    event.currentTarget.form?.requestSubmit();
  const [open, setOpen] = useState(() => FOLDED.some((name) => params.has(name)));
  const panelId = useId();
  return (
    <form
      // A new URL (back, a shared link) puts its values back into the fields.
      key={params.toString()}
      // A plain GET form: before the app loads, or without it, the browser opens the same URL the
      // app would (ADR 053); the server renders the results.
      method="get"
      action="/coaches"
      role="search"
      aria-label="Coaches"
      onSubmit={onSubmit}
      className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-line md:grid-cols-[2fr_1fr_1fr] lg:grid-cols-[2fr_1fr_1fr_1.2fr_1.2fr_1.4fr_1.4fr_auto] lg:items-end"
    >
      <Field label="Search Coaches" className="md:col-span-3 lg:col-span-1">
        <input
          name="q"
          type="search"
          defaultValue={params.get('q') ?? ''}
          maxLength={DIRECTORY_QUERY_MAX}
          placeholder="Name, sport or skill"
          className={inputClass}
        />
      </Field>
      <Button
        type="button"
        variant="outline"
        size="lg"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        className="sm:hidden"
      >
        <SlidersHorizontal aria-hidden />
        {DIRECTORY_MESSAGES.filters}
      </Button>
      {/* On wider screens the panel's fields take their places in the form's grid. */}
      <div id={panelId} className={cn(open ? 'grid gap-4' : 'hidden', 'sm:contents')}>
        {PRICE_FIELDS.map(([name, label]) => (
          <Field key={name} label={label}>
            <input
              name={name}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              defaultValue={params.get(name) ?? ''}
              className={inputClass}
            />
          </Field>
        ))}
        <Field label="Minimum rating">
          <select
            name="minRating"
            defaultValue={params.get('minRating') ?? ''}
            onChange={applyNow}
            className={inputClass}
          >
            <option value="">Any rating</option>
            {RATINGS.map((stars) => (
              <option key={stars} value={stars}>
                {stars}+ stars
              </option>
            ))}
          </select>
        </Field>
        {/* By default only Coaches taking questions; all shows the others with why not (ADR 061). */}
        <Field label={DIRECTORY_MESSAGES.show}>
          <select
            name="show"
            defaultValue={params.get('show') ?? DEFAULT_DIRECTORY_SHOW}
            onChange={applyNow}
            className={inputClass}
          >
            {DIRECTORY_SHOWS.map((show) => (
              <option key={show} value={show}>
                {DIRECTORY_SHOW_LABELS[show]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Response time">
          <select
            name="within"
            defaultValue={params.get('within') ?? ''}
            onChange={applyNow}
            className={inputClass}
          >
            <option value="">Any response time</option>
            {RESPONSE_PROMISE_HOURS.map((hours) => (
              <option key={hours} value={hours}>
                {RESPONSE_FILTER_LABELS[hours]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Sort by">
          <select
            name="sort"
            defaultValue={params.get('sort') ?? DEFAULT_DIRECTORY_SORT}
            onChange={applyNow}
            className={inputClass}
          >
            {DIRECTORY_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {DIRECTORY_SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Button type="submit" size="lg" className="md:col-span-3 lg:col-span-1">
        <Search aria-hidden />
        Search
      </Button>
    </form>
  );
}
