export { AdminAccessPage } from '@/features/admin/access-page';
