import type { CategoryId, Department } from './categories';

export const DIAMOND_SHAPES = ['round', 'oval', 'emerald', 'pear', 'cushion', 'princess', 'marquise', 'other'] as const;
export type DiamondShape = (typeof DIAMOND_SHAPES)[number];

export const DIAMOND_SIZES = ['0.25-0.5', '0.5-1', '1-1.5', '1.5-2', '2+', 'discuss'] as const;
export type DiamondSize = (typeof DIAMOND_SIZES)[number];

export const METAL_TYPES = ['gold', 'white-gold', 'rose-gold', 'platinum'] as const;
export type MetalType = (typeof METAL_TYPES)[number];

export const GOLD_KARATS = ['10K', '14K', '18K'] as const;
export const PLATINUM_KARATS = ['Pure Platinum'] as const;
export type MetalKarat = (typeof GOLD_KARATS)[number] | (typeof PLATINUM_KARATS)[number];

export function karatsFor(metal: MetalType): readonly MetalKarat[] {
  return metal === 'platinum' ? PLATINUM_KARATS : GOLD_KARATS;
}

export const PREFERRED_CONTACTS = ['email', 'phone', 'text', 'appointment'] as const;
export type PreferredContact = (typeof PREFERRED_CONTACTS)[number];

export const CUSTOM_DESIGN_STATUSES = ['pending', 'contacted', 'in_progress', 'completed', 'cancelled'] as const;
export type CustomDesignStatus = (typeof CUSTOM_DESIGN_STATUSES)[number];

export const CUSTOM_DESIGN_TRANSITIONS: Record<CustomDesignStatus, readonly CustomDesignStatus[]> = {
  pending: ['contacted', 'cancelled'],
  contacted: ['in_progress', 'cancelled'],
  in_progress: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

export function canMoveCustomDesign(from: CustomDesignStatus, to: CustomDesignStatus): boolean {
  return CUSTOM_DESIGN_TRANSITIONS[from]?.includes(to) ?? false;
}

export function jewelryTypeMatches(category: Department, jewelryType: CategoryId): boolean {
  return jewelryType.startsWith(category + '-');
}

export const MAX_UPLOAD_BYTES = 10_485_760;
