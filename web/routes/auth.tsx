export { AuthPage } from '@/features/account/auth-page';
