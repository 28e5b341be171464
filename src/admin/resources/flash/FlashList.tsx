import { FlashList as GeneratedFlashList } from '../../../../generated/admin/flash/FlashList';
import { SetProductsLink } from './SetProductsLink';

/** /sms/flash: the generated list of promotions, each row leading to its sessions and their products. */
export const FlashList = () => <GeneratedFlashList rowActions={<SetProductsLink />} />;
