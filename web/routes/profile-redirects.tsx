export {
  BecomeCoachRedirect,
  ProfileRedirect,
  InboxRedirect,
} from '@/features/account/profile-redirects';
