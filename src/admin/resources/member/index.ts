import type { ResourceModule } from '../../kit';
import { lazyNamed } from '../../kit/lazyScreen';

/** Members (/member/memberList): the generated list with approve / reject; generated form. */
export const member: ResourceModule = { list: lazyNamed(() => import('./MemberList'), 'MemberList') };
