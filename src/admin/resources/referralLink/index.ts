import type { ResourceModule } from '../../kit';
import { ReferralLinkList } from './ReferralLinkList';

/** Referral links (/rms/link): invite codes to copy; created and edited on the generated form. */
export const referralLink: ResourceModule = { list: ReferralLinkList };
