export { ResetPasswordPage } from '@/features/account/reset-password-page';
