export { attachmentRoutes } from './routes';
export { uploadRoutes, createUploadStore, uploadsDir } from './uploads';
export {
  attachmentsOfQuestion,
  bindUploads,
  deleteStoredFiles,
  removeAccountAttachments,
  removeAttachment,
  sweepUnboundAttachments,
  withLinks,
} from './service';
export { attachmentsOf, questionAttachmentCount } from './data';
// The video reviews' (issue 38): a review video's file, its figures and its transcoded copy.
export { findAttachment, replaceStoredFile, type AttachmentRow } from './data';
export { figureColumns, figuresOf } from './service';
export { readVideoFigures } from './video-figures';
