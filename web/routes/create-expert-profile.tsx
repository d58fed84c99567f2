export { CreateCoachProfilePage as CreateExpertProfilePage } from '@/features/profiles/create-coach-profile-page';
