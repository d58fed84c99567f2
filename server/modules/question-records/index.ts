/**
 * The question-records module's public surface (ADR 076): the question's rows as read outside a
 * transition. Its writes, and the locks they start with, are its data entry's
 * (`../question-records/data`), for the services above it to call in their own transactions.
 */
export { findByIdempotencyKey, findCoach, findQuestion } from './data';
