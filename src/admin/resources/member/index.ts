import { MemberForm } from '../../../../generated/admin/member/MemberForm';
import type { ResourceModule } from '../../screens';
import { savedScreens } from '../../components/savedScreens';
import { MemberList } from './MemberList';

/** Members (/member/memberList). */
export const member: Partial<ResourceModule> = {
  list: MemberList,
  ...savedScreens(MemberForm, { gender: 0, applyStatus: 0, status: 1 }),
};
