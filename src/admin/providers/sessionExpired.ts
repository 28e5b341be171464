/**
 * The server said 401: the Confirm-logout dialog listens here. A tiny event bus rather than React state so that
 * both the fetch layer and authProvider.checkError can raise it without a component in scope.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export const signalSessionExpired = () => listeners.forEach((l) => l());

export const onSessionExpired = (listener: Listener) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
