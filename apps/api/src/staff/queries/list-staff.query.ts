import { Query } from '@nestjs/cqrs';
import { StaffRole } from '../../platform/auth/principal';
import { StaffMemberView } from './staff-member-view';

export const STAFF_SORTS = ['created_at', 'email', 'name', 'role'] as const;
export type StaffSort = (typeof STAFF_SORTS)[number];

export interface StaffList {
  items: StaffMemberView[];
  total: number;
  page: number;
  limit: number;
}

/** Staff accounts, filtered by role and a search over e-mail and name, sorted and paged. */
export class ListStaffQuery extends Query<StaffList> {
  constructor(readonly filter: { q?: string; role?: StaffRole; sort: StaffSort; order: 'asc' | 'desc'; page: number; limit: number }) {
    super();
  }
}
