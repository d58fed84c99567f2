export { RevenueAgreement as RevenuePage } from '@/features/legal/revenue-agreement';
