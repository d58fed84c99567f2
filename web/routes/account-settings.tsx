export { AccountSettingsPage } from '@/features/account/settings/settings-page';
