export { CreatePlayerProfilePage } from '@/features/profiles/create-player-profile-page';
