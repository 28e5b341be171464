// @vitest-environment jsdom
/**
 * A lazy screen whose code was preloaded (boot does it for the address the app opens at) renders at once, without the
 * Suspense fallback a plain React.lazy shows on its first render even when its download is already done; one not
 * preloaded still loads on first render; a failed download can be tried again.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyNamed, lazyScreen } from '../../src/admin/kit/lazyScreen';

const Page = () => <p>the screen</p>;
const inSuspense = (Screen: React.ComponentType) =>
  render(
    <Suspense fallback={<p>loading</p>}>
      <Screen />
    </Suspense>,
  );

afterEach(cleanup);

describe('lazyScreen', () => {
  it('renders a preloaded screen on its first render', async () => {
    const load = vi.fn(async () => ({ default: Page }));
    const Screen = lazyScreen(load);
    await Screen.preload();
    inSuspense(Screen);
    expect(screen.getByText('the screen')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads a screen not preloaded when it first renders, once', async () => {
    const load = vi.fn(async () => ({ Named: Page }));
    const Screen = lazyNamed(load, 'Named');
    inSuspense(Screen);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('the screen')).toBeTruthy();
    await Screen.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed download', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Page }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: Page });
    const Screen = lazyScreen(load);
    await expect(Screen.preload()).rejects.toThrow('offline');
    await act(() => Screen.preload());
    inSuspense(Screen);
    expect(screen.getByText('the screen')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
