export { PlayerInboxPage } from '@/features/questions/player-inbox/player-inbox-page';
