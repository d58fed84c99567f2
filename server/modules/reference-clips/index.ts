/**
 * The Coach's reference library (issue 38, ADR 091): named clips kept from the Coach's own video
 * uploads. It owns `reference_clips`; the files stay the attachments module's. The accounts
 * module lists a library in the data export and drops it with the account.
 */
export { referenceClipRoutes } from './routes';
export { deleteLibraryOf, libraryOf } from './data';
