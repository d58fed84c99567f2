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
