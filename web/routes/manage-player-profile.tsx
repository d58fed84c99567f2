export { ManagePlayerProfilePage } from '@/features/profiles/manage-player-profile-page';
