export { AboutPage } from '@/features/about/about-page';
