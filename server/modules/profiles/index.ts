/** The profiles module's public surface: Coach and Player profiles, their photos and completion. */
export {
  anonymiseCoach,
  coachFigureColumns,
  coachFigures,
  findExpertByUser,
  lockCoachOf,
  markProfileCompleted,
  profileCompletion,
} from './data';
export { removePhotos } from './photo';
export { expertOf, requireExpert } from './require-expert';
export { profileRoutes } from './routes';
