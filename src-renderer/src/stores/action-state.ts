import type { StoreApi } from 'zustand';

/** The part of a screen's state its writes share: a pending flag and an error per action, and the last notice. */
export interface ActionState<Action extends string> {
  pending: Partial<Record<Action, boolean>>;
  errors: Partial<Record<Action, string>>;
  /** What an action just did, for a polite live region. */
  notice?: string;
}

/**
 * A screen's writes: `write` runs one (ignored while the same action is pending), shows its error in the
 * server's words (`explain`) or a notice when it worked; `refuse` shows an error found before asking the
 * server (a title too short...).
 */
export function actionRunner<Action extends string, State extends ActionState<Action>>(
  get: StoreApi<State>['getState'],
  set: StoreApi<State>['setState'],
  explain: (error: unknown) => string,
) {
  const patch = (change: (state: State) => Partial<ActionState<Action>>) => set((state) => change(state) as Partial<State>);
  async function write<T>(action: Action, run: () => Promise<T>, notice: (result: T) => string): Promise<T | undefined> {
    if (get().pending[action]) return undefined;
    patch((state) => ({ pending: { ...state.pending, [action]: true }, errors: { ...state.errors, [action]: undefined }, notice: undefined }));
    try {
      const result = await run();
      patch((state) => ({ pending: { ...state.pending, [action]: false }, notice: notice(result) }));
      return result;
    } catch (error) {
      const message = explain(error);
      patch((state) => ({ pending: { ...state.pending, [action]: false }, errors: { ...state.errors, [action]: message } }));
      return undefined;
    }
  }
  const refuse = (action: Action, message: string): undefined => {
    patch((state) => ({ errors: { ...state.errors, [action]: message } }));
    return undefined;
  };
  return { write, refuse };
}
