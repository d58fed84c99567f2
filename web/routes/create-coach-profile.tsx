export { CreateCoachProfilePage } from '@/features/profiles/create-coach-profile-page';
