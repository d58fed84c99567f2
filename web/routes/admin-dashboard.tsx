export { AdminDashboardPage } from '@/features/admin/dashboard-page';
