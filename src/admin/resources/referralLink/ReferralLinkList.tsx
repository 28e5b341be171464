import { ReferralLinkList as GeneratedReferralLinkList } from '../../../../generated/admin/referralLink/ReferralLinkList';
import { CopyLinkButton } from './CopyLinkButton';
import { DefaultRatioButton } from './DefaultRatioButton';

/** /rms/link: the generated list of referral links, each copyable, with the default commission ratio. */
export const ReferralLinkList = () => (
  <GeneratedReferralLinkList rowActions={<CopyLinkButton />} toolbar={<DefaultRatioButton />} />
);
