import type { ResourceModule } from '../../kit';
import { lazyNamed } from '../../kit/lazyScreen';

/** Flash promotions (/sms/flash); products are set per session on /sms/selectSession. */
export const flash: ResourceModule = { list: lazyNamed(() => import('./FlashList'), 'FlashList') };
