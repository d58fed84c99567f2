import { Button } from './button';

/** A failed load, said in place, with a way to try again. */
export function LoadError({
  message,
  retrying = false,
  onRetry,
}: {
  message: string;
  /** Disables the button while the retry is under way. */
  retrying?: boolean;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      className="rounded-2xl border border-danger/30 bg-danger-soft p-6 text-danger"
    >
      <p>{message}</p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="mt-3"
        disabled={retrying}
        onClick={onRetry}
      >
        Try again
      </Button>
    </div>
  );
}
