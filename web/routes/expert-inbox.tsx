export { CoachInboxPage as ExpertInboxPage } from '@/features/questions/coach-inbox/coach-inbox-page';
