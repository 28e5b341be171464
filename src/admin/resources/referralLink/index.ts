import type { ResourceModule } from '../../kit';
import { lazyNamed } from '../../kit/lazyScreen';

/** Referral links (/rms/link): invite codes to copy; created and edited on the generated form. */
export const referralLink: ResourceModule = { list: lazyNamed(() => import('./ReferralLinkList'), 'ReferralLinkList') };
