/** The profiles module's public surface: Coach and Player profiles, their photos and completion. */
export {
  anonymiseCoach,
  coachFigureColumns,
  coachFigures,
  findCoachByUser,
  lockCoachOf,
  markProfileCompleted,
  profileCompletion,
} from './data';
export { removePhotos } from './photo';
export { coachOf, requireCoach } from './require-coach';
export { profileRoutes } from './routes';
