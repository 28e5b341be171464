import { MemberForm } from '../../../../generated/admin/member/MemberForm';
import type { ResourceModule } from '../../screens';
import { savedScreens } from '../../kit/SavedScreens';
import { MemberList } from './MemberList';

/** Members (/member/memberList). */
export const member: Partial<ResourceModule> = {
  list: MemberList,
  ...savedScreens(MemberForm),
};
