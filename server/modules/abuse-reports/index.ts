/**
 * The abuse-reports module's public surface (ADR 076). It owns `abuse_reports`, below every module
 * that takes a report (questions, messages, reviews) and the administrators' moderation, which
 * write it through its data entry (`../abuse-reports/data`) in their own transactions.
 */
export { reportExists } from './data';
