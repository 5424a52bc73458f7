import type { AchievementId } from '@bazaar/common/engagement';
import type { SellerStatsResponse } from '@bazaar/common/sellers';
import { BadgeCheck, Crown, Eye, Rocket, Users, Zap, type LucideIcon } from 'lucide-react';

export interface AchievementDetails {
  name: string;
  description: string;
  Icon: LucideIcon;
}

/** How each achievement of spec §3 reads; whether it is unlocked comes from the server. */
export const achievementDetails: Record<AchievementId, AchievementDetails> = {
  'first-post': { name: 'First Post', description: 'Post your first ad.', Icon: Rocket },
  'popular-seller': {
    name: 'Popular Seller',
    description: 'Reach 50 views across your ads.',
    Icon: Eye,
  },
  'engagement-master': {
    name: 'Engagement Master',
    description: 'Earn 100 engagement points.',
    Icon: Zap,
  },
  'social-butterfly': {
    name: 'Social Butterfly',
    description: 'Share your ads on social media. Coming soon.',
    Icon: Users,
  },
  'verified-seller': {
    name: 'Verified Seller',
    description: 'Confirm your e-mail address.',
    Icon: BadgeCheck,
  },
  'premium-member': { name: 'Premium Member', description: 'Subscribe to a plan.', Icon: Crown },
};

export type Achievement = SellerStatsResponse['achievements'][number] & AchievementDetails;

export function achievementsOf(stats: SellerStatsResponse): Achievement[] {
  return stats.achievements.map((achievement) => ({
    ...achievement,
    ...achievementDetails[achievement.id],
  }));
}
