// What other features may use from the freelancer network: the home page's showcase.
export { useFreelancerShowcase } from './api/get-freelancer-showcase';
export { FreelancerAvatar } from './components/freelancer-avatar';
export { LevelRating } from './components/level-rating';
export { hourlyRateText } from './utils/format';
