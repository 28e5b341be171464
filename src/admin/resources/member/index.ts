import type { ResourceModule } from '../../kit';
import { lazyNamed } from '../../kit/lazyNamed';

/** Members (/member/memberList): the generated list with approve / reject; generated form. */
export const member: ResourceModule = { list: lazyNamed(() => import('./MemberList'), 'MemberList') };
