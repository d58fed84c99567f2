export { CreatePlayerProfilePage as CreateAskerProfilePage } from '@/features/profiles/create-player-profile-page';
