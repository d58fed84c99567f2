/**
 * The profiles module's public surface: Coach and Player profiles, their photos and completion, the
 * role rows they live on (the Player's consents to asking), and the Coach row's payments account
 * (which the payments module keeps in step with the provider).
 */
export {
  anonymiseCoach,
  coachFigureColumns,
  coachFigures,
  findCoachByUser,
  lockCoachOf,
  markProfileCompleted,
  mirrorAccountStatus,
  profileCompletion,
  recordAskConsents,
  setConnectedAccount,
} from './data';
export { readPhoto, removePhotos } from './photo';
export { coachOf, requireCoach } from './require-coach';
export { profileRoutes } from './routes';
