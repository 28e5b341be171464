import type { ResourceModule } from '../../kit';
import { FlashList } from './FlashList';

/** Flash promotions (/sms/flash); products are set per session on /sms/selectSession. */
export const flash: ResourceModule = { list: FlashList };
