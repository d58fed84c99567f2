export { CoachInboxPage } from '@/features/questions/coach-inbox/coach-inbox-page';
