import type { Path } from 'react-router-dom';
import { routes } from '../../../generated/menus';
import type { LazyScreen } from '../kit/lazyScreen';
import { addresses, viewAt } from './resourceScreens';
import { customScreens } from './customScreens';

/**
 * Starts downloading the screen an address opens (a resource's view or a custom screen), so that its code arrives
 * beside the app's own instead of after the first render asked for it.
 */
export function preloadScreen(address: Path): void {
  const custom = routes.find((r) => r.path === address.pathname && customScreens[r.name]);
  const internal = custom ? undefined : addresses.fromAddress(address);
  const screen = custom ? customScreens[custom.name] : internal && viewAt(internal.pathname);
  // A failed download is the screen's own to report when it renders.
  void (screen as Partial<LazyScreen> | undefined)?.preload?.().catch(() => undefined);
}
