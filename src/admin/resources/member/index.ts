import type { ResourceModule } from '../../kit';
import { MemberList } from './MemberList';

/** Members (/member/memberList): the generated list with approve / reject; generated form. */
export const member: ResourceModule = { list: MemberList };
