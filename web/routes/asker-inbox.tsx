export { PlayerInboxPage as AskerInboxPage } from '@/features/questions/player-inbox/player-inbox-page';
