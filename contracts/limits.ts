/** Business constants and limits of spec §9, each defined once. */
export const HOME_COACH_LIMIT = 6;
/** Questions per page of the Coach inbox and My Questions. */
export const QUESTION_PAGE_SIZE = 20;
export const MIN_PRICE_DOLLARS = 1;
export const PAYOUT_ARRIVAL_BUSINESS_DAYS = '2-7';
export const FEE_CHANGE_NOTICE_DAYS = 30;
export const TOAST_DURATION_MS = 5000;
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_RETRIES = 3;
/**
 * The first retry's wait, doubling after (50, 100, 200 ms): the spec's 3 retries of a network or
 * server failure end within about half a second, so 'Try again' is offered within 2 s (issue 26)
 * even on a phone whose requests and renders are slow (at 100 ms, a loaded machine took over 2 s).
 */
export const QUERY_RETRY_DELAY_MS = 50;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_CACHE_SECONDS = 3600;
export const CONTACT_SUBJECT_MIN_WORDS = 5;
export const TERMS_LAST_UPDATED = '8/26/2025';
/** Files on one question, answer or message (issue 23). */
export const ATTACHMENTS_PER_ITEM = 5;
/** A PDF attachment's ceiling; a video's is ATTACHMENT_MAX_MB, a setting (issue 23). */
export const ATTACHMENT_PDF_MAX_BYTES = 20 * 1024 * 1024;
/** A photo attachment's ceiling before it is re-encoded. */
export const ATTACHMENT_IMAGE_MAX_BYTES = 25 * 1024 * 1024;
/** Pixels an attached image may decode to (sharp's limitInputPixels): a decompression bomb stops here. */
export const ATTACHMENT_IMAGE_MAX_PIXELS = 50_000_000;
/**
 * The bytes a browser sends in one resumable-upload request (tus PATCH). The server keeps what
 * arrived when a connection drops, so the size does not bound what is lost; each request costs a
 * round trip, so larger is faster, most of all on a phone far from the server. 50 MB stays under the
 * 100 MB request ceiling of common proxies and CDNs (docs/operations.md sets nginx's); ADR 075.
 */
export const ATTACHMENT_UPLOAD_CHUNK_BYTES = 50 * 1024 * 1024;
/** A display name's length once cleaned. */
export const ATTACHMENT_NAME_MAX = 120;
/**
 * What one account may hold at once in files uploaded over the last UPLOAD_QUOTA_WINDOW_HOURS:
 * uploads in progress (the length each declared) plus files stored and not removed (issue 36,
 * ADR 085). A question with five 250 MB videos fits four times over (an answer's are the Coach's,
 * on her own account); an account uploading without end stops here, in every process at once.
 */
export const UPLOAD_QUOTA_BYTES = 5 * 1024 ** 3;
/** The quota's window: a day, the same as an unsent upload's life (ATTACHMENT_UPLOAD_EXPIRY_HOURS). */
export const UPLOAD_QUOTA_WINDOW_HOURS = 24;
/**
 * The files of one question, its answer and its messages together (ADR 085): five 250 MB videos
 * on the question and five on the answer, and room for more in the conversation.
 */
export const QUESTION_ATTACHMENT_QUOTA_BYTES = 3 * 1024 ** 3;
/**
 * An unpaid question waiting for its answer is withdrawn this long after it was asked (issue 36,
 * ADR 082): it never held a slot of the Coach's cap, and now it does not sit in the inbox either.
 */
export const UNPAID_QUESTION_EXPIRY_MINUTES = 60;
/** Unpaid questions waiting for an answer one Player may have at once (ADR 082). */
export const MAX_UNPAID_OPEN_QUESTIONS = 2;
/**
 * How long a checkout can be paid: Stripe's shortest session (ADR 082). While one is open its
 * question holds a slot of the Coach's cap, so two Players cannot both pay for the last one.
 */
export const CHECKOUT_MINUTES = 30;
/**
 * How long a started checkout holds its slot, and keeps its question from expiring: the session's
 * time and a margin for the provider's report of a payment made in its last moment (ADR 082).
 */
export const CHECKOUT_HOLD_MINUTES = CHECKOUT_MINUTES + 10;
