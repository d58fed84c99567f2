export { ManagePlayerProfilePage as ManageAskerProfilePage } from '@/features/profiles/manage-player-profile-page';
