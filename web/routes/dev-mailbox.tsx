export { DevMailboxPage } from '@/features/dev-mailbox/mailbox-page';
