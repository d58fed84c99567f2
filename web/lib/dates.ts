const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

const format = (formatter: Intl.DateTimeFormat) => (iso: string) => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : formatter.format(time);
};

/** 'Nov 26, 2026' (en-US); empty for a value that is not a date. */
export const formatDate = format(dateFormat);
/** 'Nov 26, 2026, 4:05 PM' (en-US); empty for a value that is not a date. */
export const formatDateTime = format(dateTimeFormat);
