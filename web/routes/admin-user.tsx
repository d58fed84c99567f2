export { AdminUserPage } from '@/features/admin/user-page';
