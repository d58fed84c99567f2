export { ForgotPasswordPage } from '@/features/account/forgot-password-page';
