/**
 * Where someone was going when the site asked them to sign in first (issue 13), kept in a
 * `redirect` parameter; the web app and the server's form handlers (ADR 053) both honour it.
 */
export const RETURN_PARAM = 'redirect';

/** Only same-site paths may be returned to: never another origin, never a protocol-relative URL. */
export function safeReturn(target: string | null | undefined, fallback = '/'): string {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')
    ? target
    : fallback;
}
